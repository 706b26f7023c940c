import { uiTexts } from '@smt/shared';
import type { FareQuote, GdsBooking, Penalties } from '@/gds/gds-types';
import {
  candidateOf,
  isClosed,
  isDeparted,
  losesFreeBaggage,
  priceQuoteDataOf,
} from '@/monitoring/notification-data-of';
import type { Detector, DetectorSettings, Explainer } from './detector';
import {
  cents,
  creditClause,
  isCheaper,
  repriceSavingOf,
  savingAlertsOf,
  savingTermsOf,
  type RepriceSaving,
} from './reprice-saving';

type Rule = Penalties['change'];

// Not allowed where it was, or a fee that grew (or cannot be compared across currencies).
const ruleIsWorse = (was: Rule, offered: Rule, sameCurrency: boolean) =>
  was.allowed &&
  (!offered.allowed ||
    (offered.amount > 0 && (!sameCurrency || cents(offered.amount) > cents(was.amount))));

export function penaltiesAreWorse(stored: Penalties, offered: Penalties): boolean {
  const sameCurrency = stored.currency === offered.currency;
  return (
    ruleIsWorse(stored.change, offered.change, sameCurrency) ||
    ruleIsWorse(stored.refund, offered.refund, sameCurrency)
  );
}

/**
 * What the new fare's conditions take away, one alert each: a stricter fare is a cost the
 * traveller may pay later, shown to the agent rather than a reason to stay silent.
 */
export function stricterConditionsOf(stored: Penalties, offered: Penalties): string[] {
  const sameCurrency = stored.currency === offered.currency;
  const fee = (rule: Rule, currency: string) => `${rule.amount.toFixed(2)} ${currency}`;
  const line = (name: 'change' | 'refund', was: Rule, now: Rule) => {
    if (!ruleIsWorse(was, now, sameCurrency)) return [];
    const what = name === 'change' ? 'Changes' : 'Refunds';
    if (!now.allowed) return [`New conditions: ${what.toLowerCase()} not permitted`];
    return [
      `New conditions: ${name} fee ${fee(now, offered.currency)} (was ${fee(was, stored.currency)})`,
    ];
  };
  return [
    ...line('change', stored.change, offered.change),
    ...line('refund', stored.refund, offered.refund),
  ];
}

function meetsThresholds(
  stored: FareQuote,
  netCents: number,
  { minSavingAmount, minSavingPercent }: DetectorSettings['reprice'],
): boolean {
  if (netCents <= 0) return false;
  if (minSavingAmount !== null && netCents < cents(minSavingAmount)) return false;
  // saving / total * 100 >= percent, multiplied out; the epsilon absorbs 1.1 * 100000.
  if (minSavingPercent !== null && netCents * 100 + 1e-6 < minSavingPercent * cents(stored.total))
    return false;
  return true;
}

type Priced = { offer: FareQuote; saving: RepriceSaving };

/** Each offer with what it saves net, where that can be known; refused offers left out. */
function pricedOffers(booking: GdsBooking, stored: FareQuote, offers: FareQuote[]): Priced[] {
  return offers.flatMap((offer) => {
    const verdict = repriceSavingOf(booking, stored, offer);
    return verdict.ok ? [{ offer, saving: verdict.saving }] : [];
  });
}

/** The offer that saves most net and is worth repricing to, or undefined. Ties keep the GDS's order. */
function bestOffer(
  booking: GdsBooking,
  stored: FareQuote,
  offers: FareQuote[],
  settings: DetectorSettings['reprice'],
): Priced | undefined {
  return pricedOffers(booking, stored, offers)
    .filter(
      ({ offer, saving }) =>
        meetsThresholds(stored, saving.netCents, settings) &&
        (settings.offerStricterFares || !penaltiesAreWorse(stored.penalties, offer.penalties)),
    )
    .reduce<Priced | undefined>(
      (best, each) => (best && best.saving.netCents >= each.saving.netCents ? best : each),
      undefined,
    );
}

export const detectReprice: Detector = ({ current, offers, now, pending }, settings) => {
  const stored = current.storedFare;
  // The fare rules held are those before departure (docs/decisions/059): once the trip has
  // begun a reprice would be a reissue under after-departure rules, which no offer prices.
  if (!settings.reprice.enabled || isClosed(current, now) || isDeparted(current, now) || !stored)
    return [];
  const best = bestOffer(current, stored, offers, settings.reprice);
  if (!best) return [];
  const { offer, saving } = best;

  const earlier = pending.filter((notice) => notice.type === 'Reprice');
  // Raised again only when it beats every pending reprice of the booking, which it replaces.
  if (earlier.some((notice) => cents(notice.potentialSaving ?? 0) >= saving.netCents)) return [];

  const net = (saving.netCents / 100).toFixed(2);
  const total = (fare: FareQuote) => fare.total.toFixed(2);
  const alerts = [
    {
      text: `Fare ${stored.fareBasis} at ${total(stored)} ${stored.currency} can be repriced to ${offer.fareBasis} at ${total(offer)} ${offer.currency}`,
    },
    ...savingAlertsOf(saving).map((text) => ({ text })),
    ...stricterConditionsOf(stored.penalties, offer.penalties).map((text) => ({ text })),
  ];
  if (losesFreeBaggage(stored, offer)) alerts.push({ text: uiTexts.noFreeBaggage });

  return [
    candidateOf(current, now, {
      type: 'Reprice',
      title: 'Reprice opportunity',
      titleMessage: `Save ${net} ${offer.currency}${creditClause(saving)} by repricing to ${offer.fareBasis}`,
      alerts,
      dedupeKey: `RP:${stored.fareBasis}:${total(stored)}:${offer.fareBasis}:${total(offer)}`,
      segmentIds: offer.segmentIds,
      potentialSaving: saving.netCents / 100,
      currency: offer.currency,
      priceQuotes: [priceQuoteDataOf(current, stored, offer, 1, saving)],
      supersedes: earlier.map((notice) => notice.id),
      reason: `${savingTermsOf(saving)}: ${thresholdText(settings.reprice)}`,
    }),
  ];
};

/** What the net saving met, for PNR info: 'at or over the minimum 10.00 and 1%'. */
function thresholdText({ minSavingAmount, minSavingPercent }: DetectorSettings['reprice']) {
  const limits = [
    ...(minSavingAmount !== null ? [minSavingAmount.toFixed(2)] : []),
    ...(minSavingPercent !== null ? [`${minSavingPercent}%`] : []),
  ];
  return limits.length > 0 ? `at or over the minimum ${limits.join(' and ')}` : 'no minimum set';
}

export const explainReprice: Explainer = ({ current, offers, pending }, settings) => {
  const stored = current.storedFare;
  if (!stored) return 'no stored fare to compare with';
  const cheaper = offers.filter((offer) => isCheaper(stored, offer));
  if (cheaper.length === 0) return `no fare below ${stored.total.toFixed(2)} ${stored.currency}`;
  const priced = pricedOffers(current, stored, cheaper);
  if (priced.length === 0) {
    const verdict = repriceSavingOf(current, stored, cheaper[0] as FareQuote);
    return verdict.ok ? 'no offer could be priced' : verdict.reason;
  }
  const top = priced.reduce((best, each) =>
    best.saving.netCents >= each.saving.netCents ? best : each,
  );
  const { saving } = top;
  const terms = savingTermsOf(saving);
  if (saving.netCents <= 0) return `${terms}: the fees and bags cost more than the fare saves`;
  const { minSavingAmount, minSavingPercent } = settings.reprice;
  if (minSavingAmount !== null && saving.netCents < cents(minSavingAmount))
    return `${terms}: below the minimum ${minSavingAmount.toFixed(2)}`;
  if (!meetsThresholds(stored, saving.netCents, settings.reprice)) {
    const percent = ((saving.netCents / cents(stored.total)) * 100).toFixed(1);
    return `${terms} (${percent}%): below the minimum ${minSavingPercent ?? 0}%`;
  }
  if (!bestOffer(current, stored, offers, settings.reprice))
    return `${terms}: the cheaper fares have stricter change or refund conditions, which this branch does not offer`;
  const earlier = Math.max(
    ...pending.filter((n) => n.type === 'Reprice').map((n) => n.potentialSaving ?? 0),
  );
  return `${terms}: a pending reprice already saves ${earlier.toFixed(2)} ${stored.currency}`;
};

import { uiTexts } from '@smt/shared';
import type { FareQuote, Penalties } from '@/gds/gds-types';
import {
  candidateOf,
  isClosed,
  losesFreeBaggage,
  priceQuoteDataOf,
} from '@/monitoring/notification-data-of';
import type { Detector, DetectorSettings, Explainer } from './detector';

// Money is compared in whole cents so that 0.1 + 0.2 never decides a threshold.
const cents = (amount: number) => Math.round(amount * 100);

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

function meetsThresholds(
  stored: FareQuote,
  savingCents: number,
  { minSavingAmount, minSavingPercent }: DetectorSettings['reprice'],
): boolean {
  if (savingCents <= 0) return false;
  if (minSavingAmount !== null && savingCents < cents(minSavingAmount)) return false;
  // saving / total * 100 >= percent, multiplied out; the epsilon absorbs 1.1 * 100000.
  if (
    minSavingPercent !== null &&
    savingCents * 100 + 1e-6 < minSavingPercent * cents(stored.total)
  )
    return false;
  return true;
}

/** The cheapest offer worth repricing to, or undefined. Ties keep the GDS's order. */
function bestOffer(stored: FareQuote, offers: FareQuote[], settings: DetectorSettings['reprice']) {
  return offers
    .filter(
      (offer) =>
        offer.currency === stored.currency &&
        meetsThresholds(stored, cents(stored.total) - cents(offer.total), settings) &&
        !penaltiesAreWorse(stored.penalties, offer.penalties),
    )
    .reduce<FareQuote | undefined>(
      (best, offer) => (best && best.total <= offer.total ? best : offer),
      undefined,
    );
}

export const detectReprice: Detector = ({ current, offers, now, pending }, settings) => {
  const stored = current.storedFare;
  if (!settings.reprice.enabled || isClosed(current, now) || !stored) return [];
  const offer = bestOffer(stored, offers, settings.reprice);
  if (!offer) return [];

  const savingCents = cents(stored.total) - cents(offer.total);
  const earlier = pending.filter((notice) => notice.type === 'Reprice');
  // Raised again only when it beats every pending reprice of the booking, which it replaces.
  if (earlier.some((notice) => cents(notice.potentialSaving ?? 0) >= savingCents)) return [];

  const saving = (savingCents / 100).toFixed(2);
  const total = (fare: FareQuote) => fare.total.toFixed(2);
  const alerts = [
    {
      text: `Fare ${stored.fareBasis} at ${total(stored)} ${stored.currency} can be repriced to ${offer.fareBasis} at ${total(offer)} ${offer.currency}`,
    },
  ];
  if (losesFreeBaggage(stored, offer)) alerts.push({ text: uiTexts.noFreeBaggage });

  return [
    candidateOf(current, now, {
      type: 'Reprice',
      title: 'Reprice opportunity',
      titleMessage: `Save ${saving} ${offer.currency} by repricing to ${offer.fareBasis}`,
      alerts,
      dedupeKey: `RP:${stored.fareBasis}:${total(stored)}:${offer.fareBasis}:${total(offer)}`,
      segmentIds: offer.segmentIds,
      potentialSaving: savingCents / 100,
      currency: offer.currency,
      priceQuotes: [priceQuoteDataOf(current, stored, offer)],
      supersedes: earlier.map((notice) => notice.id),
    }),
  ];
};

export const explainReprice: Explainer = ({ current, offers, pending }, settings) => {
  const stored = current.storedFare;
  if (!stored) return 'no stored fare to compare with';
  const cheapest = offers
    .filter((offer) => offer.currency === stored.currency)
    .reduce<FareQuote | undefined>(
      (best, offer) => (best && best.total <= offer.total ? best : offer),
      undefined,
    );
  const savingCents = cheapest ? cents(stored.total) - cents(cheapest.total) : 0;
  if (savingCents <= 0) return `no fare below ${stored.total.toFixed(2)} ${stored.currency}`;
  const saving = `${(savingCents / 100).toFixed(2)} ${stored.currency}`;
  const { minSavingAmount, minSavingPercent } = settings.reprice;
  if (minSavingAmount !== null && savingCents < cents(minSavingAmount))
    return `saving ${saving} below the minimum ${minSavingAmount.toFixed(2)}`;
  if (!meetsThresholds(stored, savingCents, settings.reprice)) {
    const percent = ((savingCents / cents(stored.total)) * 100).toFixed(1);
    return `saving ${saving} (${percent}%) below the minimum ${minSavingPercent ?? 0}%`;
  }
  if (!bestOffer(stored, offers, settings.reprice))
    return 'the cheaper fares have worse change or refund penalties';
  const earlier = Math.max(
    ...pending.filter((n) => n.type === 'Reprice').map((n) => n.potentialSaving ?? 0),
  );
  return `a pending reprice already saves ${earlier.toFixed(2)} ${stored.currency}`;
};

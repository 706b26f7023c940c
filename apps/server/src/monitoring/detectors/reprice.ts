import type { FareQuote, GdsBooking } from '@/gds/gds-types';
import {
  candidateOf,
  isClosed,
  isDeparted,
  priceQuoteDataOf,
} from '@/monitoring/notification-data-of';
import type { Detector, DetectorSettings, Explainer, DetectorModule } from './detector';
import {
  meetsThresholds,
  penaltiesAreWorse,
  repriceWordsOf,
  shortfallText,
  thresholdText,
} from './reprice-alert';
import { reviseReprice, standingReprices, withdrawReprice } from './reprice-review';
import {
  isCheaper,
  reissueTermsOf,
  repriceSavingOf,
  savingTermsOf,
  type ReissueTerms,
  type RepriceSaving,
} from './reprice-saving';

type Priced = { offer: FareQuote; saving: RepriceSaving };

/** Each offer with what it saves net, where that can be known; refused offers left out. */
function pricedOffers(
  booking: GdsBooking,
  stored: FareQuote,
  offers: FareQuote[],
  terms: ReissueTerms,
): Priced[] {
  return offers.flatMap((offer) => {
    const verdict = repriceSavingOf(booking, stored, offer, terms);
    return verdict.ok ? [{ offer, saving: verdict.saving }] : [];
  });
}

/** The offer that saves most net and is worth repricing to, or undefined. Ties keep the GDS's order. */
function bestOffer(
  booking: GdsBooking,
  stored: FareQuote,
  offers: FareQuote[],
  settings: DetectorSettings['reprice'],
  now: Date,
): Priced | undefined {
  return pricedOffers(booking, stored, offers, reissueTermsOf(settings, now))
    .filter(
      ({ offer, saving }) =>
        meetsThresholds(stored, saving.netCents, settings, saving.kind) &&
        (settings.offerStricterFares || !penaltiesAreWorse(stored.penalties, offer.penalties)),
    )
    .reduce<Priced | undefined>(
      (best, each) => (best && best.saving.netCents >= each.saving.netCents ? best : each),
      undefined,
    );
}

export const detectReprice: Detector = (input, settings) => {
  const { current, offers, now } = input;
  const stored = current.storedFare;
  // The fare rules held are those before departure (docs/decisions/059): once the trip has
  // begun a reprice would be a reissue under after-departure rules, which no offer prices.
  if (!settings.reprice.enabled || isClosed(current, now) || isDeparted(current, now) || !stored)
    return [];
  const best = bestOffer(current, stored, offers, settings.reprice, now);
  if (!best) return [];
  const { offer, saving } = best;

  // The pending reprices as this check judges them (withdrawn ones gone, figures as they are
  // now): raised again only when it beats every one of them, which it replaces.
  const earlier = standingReprices(input, settings);
  if (earlier.some((notice) => notice.netCents >= saving.netCents)) return [];

  const total = (fare: FareQuote) => fare.total.toFixed(2);
  return [
    candidateOf(current, now, {
      type: 'Reprice',
      title: 'Reprice opportunity',
      ...repriceWordsOf(stored, offer, saving),
      dedupeKey: `RP:${stored.fareBasis}:${total(stored)}:${offer.fareBasis}:${total(offer)}`,
      segmentIds: offer.segmentIds,
      potentialSaving: saving.netCents / 100,
      savingKind: saving.kind,
      currency: offer.currency,
      priceQuotes: [priceQuoteDataOf(current, stored, offer, 1, saving)],
      supersedes: earlier.map((notice) => notice.id),
      reason: `${savingTermsOf(saving)}: ${thresholdText(settings.reprice)}`,
      premise: { fare: stored, offer },
    }),
  ];
};

export const explainReprice: Explainer = (input, settings) => {
  const { current, offers, now } = input;
  const stored = current.storedFare;
  if (!stored) return 'no stored fare to compare with';
  const reissue = reissueTermsOf(settings.reprice, now);
  const cheaper = offers.filter((offer) => isCheaper(stored, offer));
  if (cheaper.length === 0) return `no fare below ${stored.total.toFixed(2)} ${stored.currency}`;
  const priced = pricedOffers(current, stored, cheaper, reissue);
  if (priced.length === 0) {
    const verdict = repriceSavingOf(current, stored, cheaper[0] as FareQuote, reissue);
    return verdict.ok ? 'no offer could be priced' : verdict.reason;
  }
  const top = priced.reduce((best, each) =>
    best.saving.netCents >= each.saving.netCents ? best : each,
  );
  const { saving } = top;
  const terms = savingTermsOf(saving);
  if (!meetsThresholds(stored, saving.netCents, settings.reprice, saving.kind))
    return shortfallText(stored, saving, settings.reprice);
  if (!bestOffer(current, stored, offers, settings.reprice, now))
    return `${terms}: the cheaper fares have stricter change or refund conditions, which this branch does not offer`;
  const earlier = Math.max(...standingReprices(input, settings).map((n) => n.netCents));
  return `${terms}: a pending reprice already saves ${(earlier / 100).toFixed(2)} ${stored.currency}`;
};

export const repriceDetector: DetectorModule = {
  type: 'Reprice',
  detect: detectReprice,
  explain: explainReprice,
  withdraw: withdrawReprice,
  revise: reviseReprice,
};

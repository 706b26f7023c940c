import type { FareQuote } from '@/gds/gds-types';
import { isClosed, isDeparted, priceQuoteDataOf } from '@/monitoring/notification-data-of';
import type {
  CheckInput,
  DetectorSettings,
  PendingNotice,
  Reviser,
  Revision,
  Withdrawal,
  Withdrawer,
} from './detector';
import { meetsThresholds, repriceWordsOf, shortfallText, thresholdText } from './reprice-alert';
import { cents, money, reissueTermsOf, repriceSavingOf, savingTermsOf } from './reprice-saving';

// A pending reprice is judged again at every check against the booking as it stands
// (docs/decisions/060): the fees a reissue costs once the booking is ticketed, the fare it
// compared, the offer itself when fares were shopped. One that no longer pays is withdrawn
// with its reason; one that pays other figures is updated in place.

type Judgement =
  | { notice: PendingNotice; withdrawn: string }
  | { notice: PendingNotice; withdrawn: null; netCents: number; revision: Revision | null };

/** A fare known as the GDS's shop and the action know it: fare basis, currency and price. */
const sameFare = (a: FareQuote, b: FareQuote) =>
  a.fareBasis === b.fareBasis && a.currency === b.currency && cents(a.total) === cents(b.total);

const fareText = (fare: FareQuote) =>
  `${fare.fareBasis} at ${money(cents(fare.total), fare.currency)}`;

function judge(input: CheckInput, settings: DetectorSettings, notice: PendingNotice): Judgement {
  const { current, now } = input;
  const promised = cents(notice.potentialSaving ?? 0);
  const withdraw = (reason: string): Judgement => ({ notice, withdrawn: reason });
  const { premise } = notice;
  // Raised before alerts kept what they compared: left as it was.
  if (!premise) return { notice, withdrawn: null, netCents: promised, revision: null };
  if (isDeparted(current, now))
    return withdraw('the trip has begun: fares are repriced only before the first departure');
  const stored = current.storedFare;
  if (!stored) return withdraw('the booking no longer has a stored fare');
  if (!sameFare(stored, premise.fare))
    return withdraw(
      `the booking's fare changed from ${fareText(premise.fare)} to ${fareText(stored)}`,
    );
  // Shopped on this check: the offer as the GDS answers now, or gone.
  const shopped = input.faresRead ? input.offers.find((o) => sameFare(o, premise.offer)) : null;
  if (input.faresRead && !shopped)
    return withdraw(`${fareText(premise.offer)} is no longer offered`);
  const offer = shopped ?? premise.offer;
  const verdict = repriceSavingOf(
    current,
    stored,
    offer,
    reissueTermsOf(settings.reprice, input.now),
  );
  if (!verdict.ok) return withdraw(verdict.reason);
  const { saving } = verdict;
  if (!meetsThresholds(stored, saving.netCents, settings.reprice, saving.kind))
    return withdraw(
      `the saving no longer pays: ${shortfallText(stored, saving, settings.reprice)}`,
    );
  const words = repriceWordsOf(stored, offer, saving);
  const same = saving.netCents === promised && words.titleMessage === notice.titleMessage;
  return {
    notice,
    withdrawn: null,
    netCents: saving.netCents,
    revision: same
      ? null
      : {
          id: notice.id,
          ...words,
          potentialSaving: saving.netCents / 100,
          savingKind: saving.kind,
          priceQuote: priceQuoteDataOf(current, stored, offer, 1, saving),
          premise: { fare: stored, offer },
          reason: `now ${savingTermsOf(saving)}: ${thresholdText(settings.reprice)}`,
        },
  };
}

function judgements(input: CheckInput, settings: DetectorSettings): Judgement[] {
  if (!settings.reprice.enabled || isClosed(input.current, input.now)) return [];
  return input.pending
    .filter((notice) => notice.type === 'Reprice')
    .map((notice) => judge(input, settings, notice));
}

/** The pending reprices that still stand on this check, with the net each saves now. */
export function standingReprices(
  input: CheckInput,
  settings: DetectorSettings,
): { id: number; netCents: number }[] {
  const judged = new Map(judgements(input, settings).map((j) => [j.notice.id, j]));
  return input.pending
    .filter((notice) => notice.type === 'Reprice')
    .flatMap((notice) => {
      const judgement = judged.get(notice.id);
      if (!judgement) return [{ id: notice.id, netCents: cents(notice.potentialSaving ?? 0) }];
      return judgement.withdrawn === null ? [{ id: notice.id, netCents: judgement.netCents }] : [];
    });
}

/** Pending reprices whose saving no longer holds, with why. */
export const withdrawReprice: Withdrawer = (input, settings) =>
  judgements(input, settings).flatMap((j): Withdrawal[] =>
    j.withdrawn === null ? [] : [{ id: j.notice.id, reason: j.withdrawn }],
  );

/** Pending reprices that still pay, with other figures than they say. */
export const reviseReprice: Reviser = (input, settings) =>
  judgements(input, settings).flatMap((j) =>
    j.withdrawn === null && j.revision !== null ? [j.revision] : [],
  );

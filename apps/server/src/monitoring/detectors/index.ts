import type { NotificationType } from '@smt/shared';
import type {
  Candidate,
  CheckInput,
  Detector,
  DetectorSettings,
  Explainer,
  Reviser,
  Revision,
  Withdrawal,
  Withdrawer,
} from './detector';
import { detectChurning, explainChurning } from './churning';
import { detectDuplicateBooking, explainDuplicateBooking } from './duplicate-booking';
import { detectHoldsWaitlist, explainHoldsWaitlist } from './holds-waitlist';
import { detectReprice, explainReprice } from './reprice';
import { reviseReprice, withdrawReprice } from './reprice-review';
import { detectReschedule, explainReschedule, withdrawReschedule } from './reschedule';
import { detectSegmentRemoval, explainSegmentRemoval } from './segment-removal';
import { detectTicketingDue, explainTicketingDue, withdrawTicketingDue } from './ticketing-due';

export { DEFAULT_DETECTOR_SETTINGS } from './default-settings';

/** One per notification type, in the panels' group order. */
export const DETECTORS: Detector[] = [
  detectReprice,
  detectSegmentRemoval,
  detectChurning,
  detectDuplicateBooking,
  detectTicketingDue,
  detectReschedule,
  detectHoldsWaitlist,
];

export const WITHDRAWERS: Withdrawer[] = [
  withdrawReprice,
  withdrawReschedule,
  withdrawTicketingDue,
];

export const REVISERS: Reviser[] = [reviseReprice];

export function detectAll(input: CheckInput, settings: DetectorSettings): Candidate[] {
  return DETECTORS.flatMap((detect) => detect(input, settings));
}

/** Pending notifications to withdraw with nothing in their place (see Withdrawer), once each. */
export function withdrawAll(input: CheckInput, settings: DetectorSettings): Withdrawal[] {
  const byId = new Map<number, Withdrawal>();
  for (const withdrawal of WITHDRAWERS.flatMap((withdraw) => withdraw(input, settings))) {
    if (!byId.has(withdrawal.id)) byId.set(withdrawal.id, withdrawal);
  }
  return [...byId.values()];
}

/** Pending notifications that still hold, to update in place (see Reviser). */
export function reviseAll(input: CheckInput, settings: DetectorSettings): Revision[] {
  return REVISERS.flatMap((revise) => revise(input, settings));
}

/** Per detector: whether the branch runs it, and why it raised nothing when it did run. */
export const DETECTOR_OF: Record<
  NotificationType,
  { enabled: (settings: DetectorSettings) => boolean; explain: Explainer }
> = {
  Reprice: { enabled: (s) => s.reprice.enabled, explain: explainReprice },
  SegmentRemoval: { enabled: (s) => s.segmentRemoval.enabled, explain: explainSegmentRemoval },
  Churning: { enabled: (s) => s.churning.enabled, explain: explainChurning },
  DuplicateBooking: { enabled: (s) => s.duplicates.enabled, explain: explainDuplicateBooking },
  TicketingDue: { enabled: (s) => s.ticketingDue.enabled, explain: explainTicketingDue },
  Reschedule: { enabled: (s) => s.reschedule.enabled, explain: explainReschedule },
  HoldsWaitlist: { enabled: (s) => s.waitlist.enabled, explain: explainHoldsWaitlist },
};

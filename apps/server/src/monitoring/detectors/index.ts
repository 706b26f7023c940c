import { NOTIFICATION_TYPES, type NotificationType } from '@smt/shared';
import type {
  Candidate,
  CheckInput,
  DetectorModule,
  DetectorSettings,
  Revision,
  Withdrawal,
} from './detector';
import { churningDetector } from './churning';
import { creditExpiryDetector } from './credit-expiry';
import { duplicateBookingDetector } from './duplicate-booking';
import { holdsWaitlistDetector } from './holds-waitlist';
import { repriceDetector } from './reprice';
import { rescheduleDetector } from './reschedule';
import { segmentRemovalDetector } from './segment-removal';
import { ticketingDueDetector } from './ticketing-due';

export { DEFAULT_DETECTOR_SETTINGS } from './default-settings';

/** One per notification type, in the panels' group order: a type without one does not compile. */
export const DETECTOR_MODULES: Record<NotificationType, DetectorModule> = {
  Reprice: repriceDetector,
  SegmentRemoval: segmentRemovalDetector,
  Churning: churningDetector,
  DuplicateBooking: duplicateBookingDetector,
  TicketingDue: ticketingDueDetector,
  Reschedule: rescheduleDetector,
  HoldsWaitlist: holdsWaitlistDetector,
  CreditExpiry: creditExpiryDetector,
};

const MODULES = Object.values(DETECTOR_MODULES);

/** Whether the branch runs the type's detector: its part of the settings says. */
export const isDetectorEnabled = (type: NotificationType, settings: DetectorSettings): boolean =>
  settings[NOTIFICATION_TYPES[type].settings].enabled;

export function detectAll(input: CheckInput, settings: DetectorSettings): Candidate[] {
  return MODULES.flatMap((module) => module.detect(input, settings));
}

/** Pending notifications to withdraw with nothing in their place (see Withdrawer), once each. */
export function withdrawAll(input: CheckInput, settings: DetectorSettings): Withdrawal[] {
  const byId = new Map<number, Withdrawal>();
  for (const withdrawal of MODULES.flatMap((module) => module.withdraw?.(input, settings) ?? [])) {
    if (!byId.has(withdrawal.id)) byId.set(withdrawal.id, withdrawal);
  }
  return [...byId.values()];
}

/** Pending notifications that still hold, to update in place (see Reviser). */
export function reviseAll(input: CheckInput, settings: DetectorSettings): Revision[] {
  return MODULES.flatMap((module) => module.revise?.(input, settings) ?? []);
}

import type { Candidate, CheckInput, Detector, DetectorSettings, Withdrawer } from './detector';
import { detectChurning } from './churning';
import { detectHoldsWaitlist } from './holds-waitlist';
import { detectReprice } from './reprice';
import { detectReschedule, withdrawReschedule } from './reschedule';
import { detectSegmentRemoval } from './segment-removal';
import { detectTicketingDue } from './ticketing-due';

export { DEFAULT_DETECTOR_SETTINGS } from './default-settings';

/** One per notification type, in the panels' group order. */
export const DETECTORS: Detector[] = [
  detectReprice,
  detectSegmentRemoval,
  detectChurning,
  detectTicketingDue,
  detectReschedule,
  detectHoldsWaitlist,
];

export const WITHDRAWERS: Withdrawer[] = [withdrawReschedule];

export function detectAll(input: CheckInput, settings: DetectorSettings): Candidate[] {
  return DETECTORS.flatMap((detect) => detect(input, settings));
}

/** Pending notifications to drop with nothing in their place (see Withdrawer). */
export function withdrawAll(input: CheckInput, settings: DetectorSettings): number[] {
  return [...new Set(WITHDRAWERS.flatMap((withdraw) => withdraw(input, settings)))];
}

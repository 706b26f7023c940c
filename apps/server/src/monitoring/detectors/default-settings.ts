import type { DetectorSettings } from './detector';

/** What a branch gets until it sets its own: every process on. */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  reprice: { enabled: true, minSavingAmount: 10, minSavingPercent: 1 },
  reschedule: { enabled: true },
  segmentRemoval: { enabled: true },
  churning: { enabled: true, minCancellations: 2 },
  ticketingDue: { enabled: true, windowHours: 72 },
  waitlist: { enabled: true },
};

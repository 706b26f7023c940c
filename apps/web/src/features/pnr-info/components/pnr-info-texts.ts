import type { CheckResult, DetectorOutcome } from '@smt/shared';

// Labels of the PNR info page (SPEC §2.11 leaves its layout to us).
export const pnrInfoTexts = {
  pnrNumber: 'PNR number',
  show: 'Show',
  booking: 'Booking',
  gds: 'GDS',
  provider: 'Reservation system',
  foundOn: 'Found on',
  notWatched: (gaps: string) => `Not watched on this booking: ${gaps}.`,
  type: 'Type',
  agency: 'Agency',
  branch: 'Branch',
  agent: 'Agent',
  monitored: 'Monitored',
  yes: 'Yes',
  no: 'No',
  lastCheck: 'Last check (GDS time)',
  nextCheck: 'Next check (GDS time)',
  ticketingDeadline: 'Ticketing deadline',
  fare: 'Fare',
  fareBasis: 'Fare basis',
  none: '—',
  snapshot: 'Snapshot',
  snapshotTaken: (at: string) => `As the engine last saw it, ${at}`,
  snapshotLive: 'Not checked yet: as the GDS has it now',
  noSnapshot: 'The GDS no longer has this booking',
  checks: 'Check history',
  noChecks: 'The engine has not checked this booking yet',
  gdsTime: (at: string) => `GDS time ${at}`,
  changed: 'Changed',
  unchanged: 'Unchanged',
  decisionsOf: (at: string) => `Decisions of the check at ${at}`,
  notifications: 'Notifications',
  noNotifications: 'No notifications were raised for this booking',
  cantLoad: "Can't load the PNR",
} as const;

export const RESULT_LABEL: Record<CheckResult, string> = {
  checked: 'Checked',
  gone: 'Gone from the GDS',
  failed: 'Failed',
};

export const OUTCOME_LABEL: Record<DetectorOutcome, string> = {
  raised: 'Raised',
  nothing: 'Nothing',
  skipped: 'Skipped',
};

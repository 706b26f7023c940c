import {
  connectionOverridesText,
  type ConnectionOverride,
  type CreditReprices,
  type ProcessParamField,
} from '@smt/shared';

// Labels of the process settings pages (SPEC §2.11 leaves their layouts to us). Page titles
// come from ROUTES, process names from PROCESS_LABELS.

type ParamTexts = {
  /** The form field's label. */
  label: string;
  /** One line under the field saying what it does. */
  hint: string;
  /** The default settings card's label. */
  short: string;
};

/** Each process's parameters, shown under the process they belong to. */
const params = {
  offerStricterFares: {
    label: 'Offer fares with stricter conditions',
    hint: 'Cheaper fares with stricter change or refund conditions come with an alert. Off turns them away',
    short: 'Stricter fares',
  },
  reissueFee: {
    label: 'Agency reissue fee (per ticket)',
    hint: "What the agency charges to reissue a ticket: taken off a ticketed booking's saving",
    short: 'Agency reissue fee',
  },
  reissueFeeCurrency: {
    label: 'Fee currency',
    hint: 'A fee in another currency than the fare is shown apart, not taken off',
    short: 'Fee currency',
  },
  voidWindowHours: {
    label: 'Void window (hours after issue)',
    hint: 'A ticket this new is voided and rebooked with no change fee, never past departure. 0 turns it off',
    short: 'Void window',
  },
  creditReprices: {
    label: 'Reprices that save airline credit only',
    hint: 'Credit comes back as a voucher with the airline, not money',
    short: 'Credit-only reprices',
  },
  creditWarningDays: {
    label: 'Warn before a credit expires (days)',
    hint: 'An open airline credit gets an alert this many days before its last day',
    short: 'Credit expiry warning',
  },
  lastCallHours: {
    label: 'Last ticketing call (hours before deadline)',
    hint: 'A last alert before the airline cancels what is not ticketed',
    short: 'Last ticketing call',
  },
  minorShiftMinutes: {
    label: 'Minor change under (minutes)',
    hint: 'A smaller shift of departure or arrival is a minor change',
    short: 'Minor change under',
  },
  minorShiftMinutesDomestic: {
    label: 'Minor domestic change under (minutes)',
    hint: 'The same line for flights that stay within one country',
    short: 'Minor domestic change under',
  },
  earlierShiftMinutes: {
    label: 'Major when leaving earlier by (minutes)',
    hint: 'A flight that leaves this much earlier or more is a major change',
    short: 'Major when leaving earlier by',
  },
  minConnectionMinutes: {
    label: 'Minimum connecting time (minutes)',
    hint: 'A shorter connection gets an alert; a hub whose published minimum is longer keeps its own',
    short: 'Minimum connecting time',
  },
  connectionOverrides: {
    label: 'Minimum connecting times by airport',
    hint: "Airport, domestic and international minutes: LHR 75 100, JFK 60. At those airports they replace the published minimum and the branch's",
    short: 'Connecting times by airport',
  },
  autoAcceptMinor: {
    label: 'Accept minor changes automatically',
    hint: 'Minor changes are accepted in the GDS without waiting for an agent',
    short: 'Minor changes',
  },
  escalateAfterHours: {
    label: 'Chase unhandled changes after (hours)',
    hint: 'A change still pending this long reminds the agent; twice as long, or close to departure, tells the managers',
    short: 'Chase unhandled changes after',
  },
  removeByHours: {
    // The unit's 'before departure' is in the hint: a phone has no room for it in the label.
    label: 'Remove inactive segments by (hours)',
    hint: 'Hours before departure; from then on the alert to remove them is urgent',
    short: 'Remove inactive segments',
  },
  requestChaseHours: {
    label: 'Chase unanswered requests after (hours)',
    hint: 'A flight requested (HN) with no answer from the airline for this long gets an alert',
    short: 'Chase unanswered requests after',
  },
  minCancellations: {
    label: 'Churning alert from (cancellations)',
    hint: 'Cancellations of the same flight and day that raise the alert',
    short: 'Churning alert from',
  },
} as const satisfies Record<ProcessParamField, ParamTexts>;

export const processSettingsTexts = {
  searchByBranch: 'Search by branch name or PCC',
  branch: 'Branch',
  agency: 'Agency',
  settings: 'Settings',
  own: 'Own',
  default: 'Default',
  activeProcesses: 'Active processes',
  minimumSaving: 'Minimum saving',
  ticketingWindow: 'Ticketing window',
  none: 'None',
  noMinimum: 'No minimum',
  defaultSettings: 'Default settings',
  defaultFollowers: 'Every branch without settings of its own runs with these.',
  editDefault: 'Edit default settings',
  active: 'Active',
  checkEvery: 'Check every (minutes)',
  savingAmount: 'Minimum saving amount',
  savingPercent: 'Minimum saving (%)',
  windowHours: 'Ticketing due within (hours)',
  savingHint: 'Reprice only when the saving reaches the amount and the percent given',
  windowHint: 'Alerts start this long before the ticketing deadline',
  chooseBranch: 'Choose a branch',
  backToDefault: 'Back to default',
  backToDefaultOf: (name: string) => `Back to default: ${name}`,
  backToDefaultQuestion: (name: string) => `Return ${name} to the default settings?`,
  backToDefaultText: 'Its own settings are deleted and it runs with the default settings again.',
  backToDefaultDone: (name: string) => `${name} follows the default settings`,
  saved: 'Process settings saved',
  defaultSaved: 'Default settings saved',
  cantLoad: "Can't load process settings",
  editOf: (name: string) => `Edit process settings: ${name}`,
  every: (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return `every ${rest} min`;
    return rest === 0 ? `every ${hours} h` : `every ${hours} h ${rest} min`;
  },
  saving: (amount: number | null, percent: number | null) =>
    [amount === null ? null : amount.toFixed(2), percent === null ? null : `${percent}%`]
      .filter((part) => part !== null)
      .join(' and '),
  hours: (hours: number) => `${hours} h`,
  days: (days: number) => `${days} days before`,
  fee: (amount: number, currency: string) =>
    amount === 0 ? 'None' : `${amount.toFixed(2)} ${currency} per ticket`,
  voidWindow: (hours: number) => (hours === 0 ? 'Off' : `${hours} h after issue`),
  creditReprices: {
    threshold: 'Raised when over the minimum saving',
    always: 'Raised whatever the amount',
    never: 'Not raised',
  } as Record<CreditReprices, string>,
  params,
  minutes: (minutes: number) => `${minutes} min`,
  offered: (offered: boolean) => (offered ? 'Offered with an alert' : 'Turned away'),
  accepted: (accepted: boolean) => (accepted ? 'Accepted automatically' : 'Left to the agent'),
  hoursBeforeDeparture: (hours: number) => `${hours} h before departure`,
  hoursBeforeDeadline: (hours: number) => `${hours} h before deadline`,
  cancellations: (count: number) => `${count} cancellations`,
  byAirport: (overrides: readonly ConnectionOverride[]) =>
    overrides.length === 0 ? 'None' : connectionOverridesText(overrides),
} as const;

import type { CreditSource, CreditState } from '@smt/shared';

// The Credits page's own words, in one place for its components and tests.
export const creditTexts = {
  enterCredit: 'Enter a credit',
  listLabel: 'Credits',
  loading: 'Loading credits',
  cantLoad: "Can't load credits",
  noCredits: 'No credits',
  noCreditsText:
    'Credits kept by airlines after a reprice or a cancellation, and those you enter, show here.',
  noMatch: 'No credits match these filters',
  noMatchText: 'Change or clear the filters to see more.',
  passenger: 'Passenger',
  airline: 'Airline',
  amount: 'Amount',
  expires: 'Expires',
  noExpiry: 'Not given',
  state: 'State',
  source: 'From',
  pnr: 'PNR',
  agent: 'Agent',
  reference: 'Reference',
  actions: 'Actions',
  // Filters
  filters: 'Credit filters',
  allStates: 'All',
  passengerSearch: 'Passenger name',
  expiresFrom: 'Expires from',
  expiresTo: 'Expires to',
  apply: 'Apply',
  clear: 'Clear filters',
  // The form
  passengerName: 'Passenger (LAST/FIRST)',
  currency: 'Currency',
  expiresOn: 'Expires on',
  referenceOptional: 'Reference (optional)',
  submit: 'Submit',
  cancel: 'Cancel',
  entered: 'Credit entered',
  // Marking
  markUsed: 'Mark used',
  markOpen: 'Mark open',
  markUsedOf: (name: string) => `Mark the credit of ${name} used`,
  markOpenOf: (name: string) => `Mark the credit of ${name} open`,
  markedUsed: 'Credit marked used',
  markedOpen: 'Credit marked open',
  pagerRows: (from: number, to: number, count: number) => `${from}–${to} of ${count}`,
} as const;

export const CREDIT_STATE_LABELS: Record<CreditState, string> = {
  open: 'Open',
  used: 'Used',
  expired: 'Expired',
};

export const CREDIT_SOURCE_LABELS: Record<CreditSource, string> = {
  reprice: 'Reprice',
  cancellation: 'Cancellation',
  provider: 'Provider',
  agent: 'Entered by agent',
};

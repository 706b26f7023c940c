// The process settings forms both the service's and the calls' tests fill in.

/** A form as the page posts it: every field a string (a number where a test types one). */
export type ProcessSettingsForm = Record<string, string | number>;

/** Settings unlike every default, so a branch that has them is told apart at once. */
export const SETTINGS: ProcessSettingsForm = {
  rpEnabled: 'true',
  rpIntervalMinutes: '240',
  tdEnabled: 'false',
  tdIntervalMinutes: '45',
  scEnabled: 'true',
  scIntervalMinutes: '20',
  cEnabled: 'true',
  cIntervalMinutes: '25',
  hlEnabled: 'false',
  hlIntervalMinutes: '90',
  admEnabled: 'true',
  admIntervalMinutes: '35',
  minSavingAmount: '25.5',
  minSavingPercent: '',
  ticketingWindowHours: '48',
};

/** The processes' parameters, each unlike its default. */
export const PARAMS: ProcessSettingsForm = {
  offerStricterFares: 'false',
  lastCallHours: '12',
  minorShiftMinutes: '45',
  minorShiftMinutesDomestic: '30',
  earlierShiftMinutes: '40',
  minConnectionMinutes: '90',
  connectionOverrides: 'lhr 75 100, JFK 45',
  autoAcceptMinor: 'true',
  escalateAfterHours: '12',
  removeByHours: '0',
  minCancellations: '5',
  requestChaseHours: '48',
  reissueFee: '25.50',
  reissueFeeCurrency: 'eur',
  voidWindowHours: '12',
  creditReprices: 'never',
  creditWarningDays: '45',
};

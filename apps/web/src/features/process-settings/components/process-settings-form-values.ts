import { connectionOverridesText, type ProcessSettingsValues } from '@smt/shared';

/**
 * The form's fields: switches as flags, numbers and the minimum connecting times by airport
 * ('LHR 75 100, JFK 60') as the text typed, no value as ''.
 */
export type ProcessSettingsFormValues = {
  [K in keyof ProcessSettingsValues]: ProcessSettingsValues[K] extends boolean ? boolean : string;
};

/** A branch's (or the default's) settings as the form starts from them. */
export function formValuesOf(values: ProcessSettingsValues): ProcessSettingsFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    rpEnabled: values.rpEnabled,
    rpIntervalMinutes: text(values.rpIntervalMinutes),
    tdEnabled: values.tdEnabled,
    tdIntervalMinutes: text(values.tdIntervalMinutes),
    scEnabled: values.scEnabled,
    scIntervalMinutes: text(values.scIntervalMinutes),
    cEnabled: values.cEnabled,
    cIntervalMinutes: text(values.cIntervalMinutes),
    hlEnabled: values.hlEnabled,
    hlIntervalMinutes: text(values.hlIntervalMinutes),
    admEnabled: values.admEnabled,
    admIntervalMinutes: text(values.admIntervalMinutes),
    minSavingAmount: text(values.minSavingAmount),
    minSavingPercent: text(values.minSavingPercent),
    ticketingWindowHours: text(values.ticketingWindowHours),
    offerStricterFares: values.offerStricterFares,
    lastCallHours: text(values.lastCallHours),
    minorShiftMinutes: text(values.minorShiftMinutes),
    minorShiftMinutesDomestic: text(values.minorShiftMinutesDomestic),
    earlierShiftMinutes: text(values.earlierShiftMinutes),
    minConnectionMinutes: text(values.minConnectionMinutes),
    connectionOverrides: connectionOverridesText(values.connectionOverrides),
    autoAcceptMinor: values.autoAcceptMinor,
    escalateAfterHours: text(values.escalateAfterHours),
    removeByHours: text(values.removeByHours),
    minCancellations: text(values.minCancellations),
    requestChaseHours: text(values.requestChaseHours),
    reissueFee: text(values.reissueFee),
    reissueFeeCurrency: values.reissueFeeCurrency,
    voidWindowHours: text(values.voidWindowHours),
    creditReprices: values.creditReprices,
    creditWarningDays: text(values.creditWarningDays),
  };
}

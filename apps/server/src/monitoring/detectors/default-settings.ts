import { DEFAULT_PROCESS_SETTINGS, effectiveParams } from '../process-settings';
import type { DetectorSettings } from './detector';

const { RP, TD } = DEFAULT_PROCESS_SETTINGS;
// No branch rows: every parameter at its built-in value.
const params = effectiveParams(() => undefined);

/** What a branch gets until it sets its own: every process on, with the default rows' values. */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  reprice: {
    enabled: true,
    minSavingAmount: RP.minSavingAmount,
    minSavingPercent: RP.minSavingPercent,
    offerStricterFares: params.offerStricterFares,
    reissueFee: params.reissueFee,
    feeCurrency: params.reissueFeeCurrency,
    voidWindowHours: params.voidWindowHours,
    creditReprices: params.creditReprices,
  },
  reschedule: {
    enabled: true,
    minorShiftMinutes: params.minorShiftMinutes,
    minorShiftMinutesDomestic: params.minorShiftMinutesDomestic,
    earlierShiftMinutes: params.earlierShiftMinutes,
    minConnectionMinutes: params.minConnectionMinutes,
    connectionOverrides: params.connectionOverrides,
    autoAcceptMinor: params.autoAcceptMinor,
    escalateAfterHours: params.escalateAfterHours,
  },
  segmentRemoval: { enabled: true, removeByHours: params.removeByHours },
  churning: { enabled: true, minCancellations: params.minCancellations },
  ticketingDue: {
    enabled: true,
    windowHours: TD.ticketingWindowHours,
    lastCallHours: params.lastCallHours,
  },
  waitlist: { enabled: true, requestChaseHours: params.requestChaseHours },
  duplicates: { enabled: true },
  credits: { enabled: true, warningDays: params.creditWarningDays },
};

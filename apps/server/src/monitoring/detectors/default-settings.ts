import {
  connectionOverridesOf,
  creditRepricesOf,
  feeCurrencyOf,
  DEFAULT_PROCESS_SETTINGS,
} from '../process-settings';
import type { DetectorSettings } from './detector';

const { RP, ADM, TD, C, SC, HL } = DEFAULT_PROCESS_SETTINGS;

/** What a branch gets until it sets its own: every process on, with the default rows' values. */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  reprice: {
    enabled: true,
    minSavingAmount: RP.minSavingAmount ?? null,
    minSavingPercent: RP.minSavingPercent ?? null,
    offerStricterFares: RP.params?.offerStricterFares !== false,
    reissueFee: Number(RP.params?.reissueFee ?? 0),
    feeCurrency: feeCurrencyOf(RP.params?.reissueFeeCurrency),
    voidWindowHours: Number(RP.params?.voidWindowHours ?? 24),
    creditReprices: creditRepricesOf(RP.params?.creditReprices),
  },
  reschedule: {
    enabled: true,
    minorShiftMinutes: Number(SC.params?.minorShiftMinutes ?? 120),
    minorShiftMinutesDomestic: Number(SC.params?.minorShiftMinutesDomestic ?? 60),
    earlierShiftMinutes: Number(SC.params?.earlierShiftMinutes ?? 60),
    minConnectionMinutes: Number(SC.params?.minConnectionMinutes ?? 60),
    connectionOverrides: connectionOverridesOf(SC.params?.connectionOverrides),
    autoAcceptMinor: SC.params?.autoAcceptMinor === true,
    escalateAfterHours: Number(SC.params?.escalateAfterHours ?? 24),
  },
  segmentRemoval: { enabled: true, removeByHours: Number(C.params?.removeByHours ?? 24) },
  churning: { enabled: true, minCancellations: Number(ADM.params?.minCancellations ?? 2) },
  ticketingDue: {
    enabled: true,
    windowHours: TD.ticketingWindowHours ?? 72,
    lastCallHours: Number(TD.params?.lastCallHours ?? 6),
  },
  waitlist: {
    enabled: true,
    requestChaseHours: Number(HL.params?.requestChaseHours ?? 24),
  },
  duplicates: { enabled: true },
  credits: { enabled: true, warningDays: Number(RP.params?.creditWarningDays ?? 30) },
};

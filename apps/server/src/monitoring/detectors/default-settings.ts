import { DEFAULT_PROCESS_SETTINGS, detectorSettingsOf, effectiveParams } from '../process-settings';
import type { DetectorSettings } from './detector';

const { RP, TD } = DEFAULT_PROCESS_SETTINGS;

/** What a branch gets until it sets its own: every process on, with the default rows' values. */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = detectorSettingsOf(
  {
    enabled: () => true,
    minSavingAmount: RP.minSavingAmount,
    minSavingPercent: RP.minSavingPercent,
    ticketingWindowHours: TD.ticketingWindowHours,
  },
  // No rows: every parameter at its built-in value.
  effectiveParams(() => undefined),
);

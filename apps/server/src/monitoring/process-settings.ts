import type { Process, ProcessParamField, ProcessParams, ProcessSettingsValues } from '@smt/shared';
import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { processSettings } from '@/db/schema';
import type { DetectorSettings } from './detectors/detector';

type ProcessDefaults = {
  checkIntervalMinutes: number;
  minSavingAmount?: number;
  minSavingPercent?: number;
  ticketingWindowHours?: number;
  params?: ProcessParams;
};

/** Every process parameter, as a branch runs with it. */
export type ProcessParamValues = Pick<ProcessSettingsValues, ProcessParamField>;

// What competing robots do: reprice every 8 hours, schedule and waitlist queues every
// 30 minutes, ticketing deadlines hourly. A branch's own row overrides its process.
export const DEFAULT_PROCESS_SETTINGS = {
  RP: {
    checkIntervalMinutes: 8 * 60,
    minSavingAmount: 10,
    minSavingPercent: 1,
    // The agency charges no reissue fee until it sets one; a ticket voids without a fee on the
    // day of issue, 24 hours at most BSP and ARC agencies; credits are warned of 30 days ahead
    // (docs/decisions/068).
    params: {
      offerStricterFares: true,
      reissueFee: 0,
      reissueFeeCurrency: 'USD',
      voidWindowHours: 24,
      creditReprices: 'threshold',
      creditWarningDays: 30,
    },
  },
  // Airlines call a shift of 120 minutes or more major; 60 minutes is a connection's floor
  // (decision 042), hubs' published minimums over it unless the branch lists its own for an
  // airport (decision 065). Accepting for the agent is the branch's choice, off until it is
  // made. A change nobody handled is chased after a working day (decision 064).
  SC: {
    checkIntervalMinutes: 30,
    params: {
      minorShiftMinutes: 120,
      minorShiftMinutesDomestic: 60,
      earlierShiftMinutes: 60,
      minConnectionMinutes: 60,
      connectionOverrides: [],
      autoAcceptMinor: false,
      escalateAfterHours: 24,
    },
  },
  CW: { checkIntervalMinutes: 30 },
  // A request (HN) unanswered for a day is chased (decision 038's addendum).
  HL: { checkIntervalMinutes: 30, params: { requestChaseHours: 24 } },
  // ADM policies want inactive segments removed 24 hours before departure (decision 038).
  C: { checkIntervalMinutes: 30, params: { removeByHours: 24 } },
  // Airlines' churning policies start counting at the 3rd rebooking or later (decision 038).
  ADM: { checkIntervalMinutes: 30, params: { minCancellations: 3 } },
  // A last alert 6 hours before the deadline, when the airline cancels (decision 041).
  TD: { checkIntervalMinutes: 60, ticketingWindowHours: 72, params: { lastCallHours: 6 } },
} satisfies Record<Process, ProcessDefaults>;

/** Makes the system-wide default row of every process that has none. */
export async function ensureDefaultProcessSettings(db: Db): Promise<void> {
  await db
    .insert(processSettings)
    .values(
      Object.entries(DEFAULT_PROCESS_SETTINGS as Record<Process, ProcessDefaults>).map(
        ([process, defaults]) => ({
          process: process as Process,
          checkIntervalMinutes: defaults.checkIntervalMinutes,
          minSavingAmount: defaults.minSavingAmount ?? null,
          minSavingPercent: defaults.minSavingPercent ?? null,
          ticketingWindowHours: defaults.ticketingWindowHours ?? null,
          params: defaults.params ?? {},
        }),
      ),
    )
    .onConflictDoNothing();
}

export type BranchSettings = {
  detectors: DetectorSettings;
  /** How often the booking is looked at, and how often its fares are shopped. */
  checkIntervalMinutes: number;
  repriceIntervalMinutes: number;
};

type Row = typeof processSettings.$inferSelect;

/** A process's row a branch follows: its own, else the default row; none when neither exists. */
export type RowOf = (process: Process) => Pick<Row, 'params'> | undefined;

/**
 * The parameters a branch runs with: each from the row its process follows, else the built-in
 * value (a row made before the parameter existed lacks it). The engine and the settings pages
 * read them here alike.
 */
export function effectiveParams(row: RowOf): ProcessParamValues {
  const { RP, SC, C, ADM, TD, HL } = DEFAULT_PROCESS_SETTINGS;
  const rp = row('RP')?.params;
  const sc = row('SC')?.params;
  return {
    // A row made before a setting follows its built-in value: stricter fares offered, no
    // schedule change accepted for the agent.
    offerStricterFares: rp?.offerStricterFares ?? RP.params.offerStricterFares,
    reissueFee: rp?.reissueFee ?? RP.params.reissueFee,
    reissueFeeCurrency: rp?.reissueFeeCurrency ?? RP.params.reissueFeeCurrency,
    voidWindowHours: rp?.voidWindowHours ?? RP.params.voidWindowHours,
    creditReprices: rp?.creditReprices ?? RP.params.creditReprices,
    creditWarningDays: rp?.creditWarningDays ?? RP.params.creditWarningDays,
    minorShiftMinutes: sc?.minorShiftMinutes ?? SC.params.minorShiftMinutes,
    minorShiftMinutesDomestic: sc?.minorShiftMinutesDomestic ?? SC.params.minorShiftMinutesDomestic,
    earlierShiftMinutes: sc?.earlierShiftMinutes ?? SC.params.earlierShiftMinutes,
    minConnectionMinutes: sc?.minConnectionMinutes ?? SC.params.minConnectionMinutes,
    connectionOverrides: sc?.connectionOverrides ?? SC.params.connectionOverrides,
    autoAcceptMinor: sc?.autoAcceptMinor ?? SC.params.autoAcceptMinor,
    escalateAfterHours: sc?.escalateAfterHours ?? SC.params.escalateAfterHours,
    removeByHours: row('C')?.params.removeByHours ?? C.params.removeByHours,
    minCancellations: row('ADM')?.params.minCancellations ?? ADM.params.minCancellations,
    lastCallHours: row('TD')?.params.lastCallHours ?? TD.params.lastCallHours,
    requestChaseHours: row('HL')?.params.requestChaseHours ?? HL.params.requestChaseHours,
  };
}

/** What the detectors read of a branch's rows besides the processes' parameters. */
type DetectorSwitches = {
  enabled: (process: Process) => boolean;
  minSavingAmount: number | null;
  minSavingPercent: number | null;
  ticketingWindowHours: number;
};

/** The detectors' settings: each process's switch and thresholds, with its parameters. */
export function detectorSettingsOf(
  rows: DetectorSwitches,
  params: ProcessParamValues,
): DetectorSettings {
  const { enabled } = rows;
  return {
    reprice: {
      enabled: enabled('RP'),
      minSavingAmount: rows.minSavingAmount,
      minSavingPercent: rows.minSavingPercent,
      offerStricterFares: params.offerStricterFares,
      reissueFee: params.reissueFee,
      feeCurrency: params.reissueFeeCurrency,
      voidWindowHours: params.voidWindowHours,
      creditReprices: params.creditReprices,
    },
    reschedule: {
      enabled: enabled('SC'),
      minorShiftMinutes: params.minorShiftMinutes,
      minorShiftMinutesDomestic: params.minorShiftMinutesDomestic,
      earlierShiftMinutes: params.earlierShiftMinutes,
      minConnectionMinutes: params.minConnectionMinutes,
      connectionOverrides: params.connectionOverrides,
      autoAcceptMinor: params.autoAcceptMinor,
      escalateAfterHours: params.escalateAfterHours,
    },
    segmentRemoval: { enabled: enabled('C'), removeByHours: params.removeByHours },
    churning: { enabled: enabled('ADM'), minCancellations: params.minCancellations },
    ticketingDue: {
      enabled: enabled('TD'),
      windowHours: rows.ticketingWindowHours,
      lastCallHours: params.lastCallHours,
    },
    waitlist: { enabled: enabled('HL'), requestChaseHours: params.requestChaseHours },
    // Duplicate bookings are the ADM process's too: one switch for the booking-policy ADMs.
    duplicates: { enabled: enabled('ADM') },
    credits: { enabled: enabled('RP'), warningDays: params.creditWarningDays },
  };
}

/** The settings a branch's bookings are checked with: its own rows over the defaults. */
export async function loadBranchSettings(db: Db, branchId: number): Promise<BranchSettings> {
  const rows = await db
    .select()
    .from(processSettings)
    .where(or(isNull(processSettings.branchId), eq(processSettings.branchId, branchId)));
  const byProcess = new Map<Process, Row>();
  for (const row of rows.filter((r) => r.branchId === null)) byProcess.set(row.process, row);
  for (const row of rows.filter((r) => r.branchId !== null)) byProcess.set(row.process, row);

  const row = (process: Process) => byProcess.get(process);
  const enabled = (process: Process) => row(process)?.enabled ?? true;
  const interval = (process: Process) =>
    row(process)?.checkIntervalMinutes ?? DEFAULT_PROCESS_SETTINGS[process].checkIntervalMinutes;
  const detectors = detectorSettingsOf(
    {
      enabled,
      minSavingAmount: row('RP')?.minSavingAmount ?? null,
      minSavingPercent: row('RP')?.minSavingPercent ?? null,
      ticketingWindowHours:
        row('TD')?.ticketingWindowHours ?? DEFAULT_PROCESS_SETTINGS.TD.ticketingWindowHours,
    },
    effectiveParams(row),
  );
  const checked: Process[] = ['SC', 'HL', 'C', 'ADM', 'TD'];
  return {
    detectors,
    checkIntervalMinutes: Math.min(...checked.filter(enabled).map(interval), interval('RP')),
    repriceIntervalMinutes: interval('RP'),
  };
}

/** Close to departure everything is looked at more often. */
export function cadenceFactor(departureAt: Date | null, now: Date): number {
  if (!departureAt) return 1;
  const hours = (departureAt.getTime() - now.getTime()) / 3_600_000;
  if (hours <= 24) return 0.25;
  if (hours <= 72) return 0.5;
  return 1;
}

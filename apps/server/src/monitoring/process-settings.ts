import { ConnectionOverride, CreditReprices, type Process } from '@smt/shared';
import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { processSettings } from '@/db/schema';
import type { DetectorSettings } from './detectors/detector';

type ProcessDefaults = {
  checkIntervalMinutes: number;
  minSavingAmount?: number;
  minSavingPercent?: number;
  ticketingWindowHours?: number;
  params?: Record<string, unknown>;
};

// What competing robots do: reprice every 8 hours, schedule and waitlist queues every
// 30 minutes, ticketing deadlines hourly. A branch's own row overrides its process.
export const DEFAULT_PROCESS_SETTINGS: Record<Process, ProcessDefaults> = {
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
};

/** Makes the system-wide default row of every process that has none. */
export async function ensureDefaultProcessSettings(db: Db): Promise<void> {
  await db
    .insert(processSettings)
    .values(
      Object.entries(DEFAULT_PROCESS_SETTINGS).map(([process, defaults]) => ({
        process: process as Process,
        checkIntervalMinutes: defaults.checkIntervalMinutes,
        minSavingAmount: defaults.minSavingAmount ?? null,
        minSavingPercent: defaults.minSavingPercent ?? null,
        ticketingWindowHours: defaults.ticketingWindowHours ?? null,
        params: defaults.params ?? {},
      })),
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

/**
 * A branch's minimum connecting times by airport as its SC row keeps them (what the form
 * parsed), or none when the row has none or holds something else.
 */
export function connectionOverridesOf(stored: unknown): ConnectionOverride[] {
  const read = ConnectionOverride.array().safeParse(stored ?? []);
  return read.success ? read.data : [];
}

const RP_PARAMS = DEFAULT_PROCESS_SETTINGS.RP.params as {
  reissueFee: number;
  reissueFeeCurrency: string;
  voidWindowHours: number;
  creditReprices: CreditReprices;
  creditWarningDays: number;
};

/** The branch's choice on credit-only reprices; the default where the row holds none. */
export const creditRepricesOf = (stored: unknown): CreditReprices => {
  const read = CreditReprices.safeParse(stored);
  return read.success ? read.data : RP_PARAMS.creditReprices;
};

/** The currency of the branch's reissue fee; the default where the row holds no code. */
export const feeCurrencyOf = (stored: unknown): string =>
  typeof stored === 'string' && /^[A-Z]{3}$/.test(stored) ? stored : RP_PARAMS.reissueFeeCurrency;

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
  const minCancellations = Number(
    row('ADM')?.params.minCancellations ?? DEFAULT_PROCESS_SETTINGS.ADM.params?.minCancellations,
  );

  const detectors: DetectorSettings = {
    reprice: {
      enabled: enabled('RP'),
      minSavingAmount: row('RP')?.minSavingAmount ?? null,
      minSavingPercent: row('RP')?.minSavingPercent ?? null,
      // Only an explicit false turns them away: rows made before the setting offer them.
      offerStricterFares: row('RP')?.params.offerStricterFares !== false,
      reissueFee: Number(row('RP')?.params.reissueFee ?? RP_PARAMS.reissueFee),
      feeCurrency: feeCurrencyOf(row('RP')?.params.reissueFeeCurrency),
      voidWindowHours: Number(row('RP')?.params.voidWindowHours ?? RP_PARAMS.voidWindowHours),
      creditReprices: creditRepricesOf(row('RP')?.params.creditReprices),
    },
    reschedule: {
      enabled: enabled('SC'),
      minorShiftMinutes: Number(
        row('SC')?.params.minorShiftMinutes ??
          DEFAULT_PROCESS_SETTINGS.SC.params?.minorShiftMinutes,
      ),
      minorShiftMinutesDomestic: Number(
        row('SC')?.params.minorShiftMinutesDomestic ??
          DEFAULT_PROCESS_SETTINGS.SC.params?.minorShiftMinutesDomestic,
      ),
      earlierShiftMinutes: Number(
        row('SC')?.params.earlierShiftMinutes ??
          DEFAULT_PROCESS_SETTINGS.SC.params?.earlierShiftMinutes,
      ),
      minConnectionMinutes: Number(
        row('SC')?.params.minConnectionMinutes ??
          DEFAULT_PROCESS_SETTINGS.SC.params?.minConnectionMinutes,
      ),
      connectionOverrides: connectionOverridesOf(row('SC')?.params.connectionOverrides),
      autoAcceptMinor: row('SC')?.params.autoAcceptMinor === true,
      escalateAfterHours: Number(
        row('SC')?.params.escalateAfterHours ??
          DEFAULT_PROCESS_SETTINGS.SC.params?.escalateAfterHours,
      ),
    },
    segmentRemoval: {
      enabled: enabled('C'),
      removeByHours: Number(
        row('C')?.params.removeByHours ?? DEFAULT_PROCESS_SETTINGS.C.params?.removeByHours,
      ),
    },
    churning: { enabled: enabled('ADM'), minCancellations },
    ticketingDue: {
      enabled: enabled('TD'),
      windowHours:
        row('TD')?.ticketingWindowHours ?? DEFAULT_PROCESS_SETTINGS.TD.ticketingWindowHours ?? 72,
      lastCallHours: Number(
        row('TD')?.params.lastCallHours ?? DEFAULT_PROCESS_SETTINGS.TD.params?.lastCallHours,
      ),
    },
    waitlist: {
      enabled: enabled('HL'),
      requestChaseHours: Number(
        row('HL')?.params.requestChaseHours ??
          DEFAULT_PROCESS_SETTINGS.HL.params?.requestChaseHours,
      ),
    },
    // Duplicate bookings are the ADM process's too: one switch for the booking-policy ADMs.
    duplicates: { enabled: enabled('ADM') },
    credits: {
      enabled: enabled('RP'),
      warningDays: Number(row('RP')?.params.creditWarningDays ?? RP_PARAMS.creditWarningDays),
    },
  };
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

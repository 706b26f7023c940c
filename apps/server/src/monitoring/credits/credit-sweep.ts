import { addUtcDays, utcDayOf } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { writeCandidates } from '../notification-writer';
import {
  DEFAULT_PROCESS_SETTINGS,
  loadBranchSettings,
  type BranchSettings,
} from '../process-settings';
import { creditExpiryStep } from './credit-expiry';
import {
  claimWarning,
  creditsToWarn,
  expireCredits,
  snapshotData,
  storedWarningDays,
  type CreditClock,
  type CreditToWarn,
} from './credit-sweep.repository';
import { creditWarningOf } from './credit-warning';

export type CreditSweepDeps = {
  db: Db;
  /** Real time: a real provider's credits are dated by it, and the rows are written at it. */
  clock: Clock;
  /** The simulator's clock, which runs ahead of real time: its bookings' credits follow it. */
  gdsNow: () => Promise<Date>;
  /** The branch's settings; the engine's cache, or read for this sweep where absent. */
  settingsOf?: (branchId: number) => Promise<BranchSettings>;
};

export type CreditSweep = {
  /** The credits warned of, each with the notification raised. */
  warned: { creditId: number; notificationId: number }[];
  expired: number[];
};

const PAGE = 200;

/** The furthest ahead any branch is warned, so the sweep reads no credit it cannot warn of. */
function horizonDays(stored: unknown[]): number {
  const days = [DEFAULT_PROCESS_SETTINGS.RP.params?.creditWarningDays, ...stored]
    .map(Number)
    .filter((value) => Number.isFinite(value) && value >= 0);
  return Math.max(0, ...days);
}

/**
 * One pass over the credits ledger (issue 36): open credits past their last day become
 * expired, and each open credit whose warning day has come is warned of once, by a
 * notification on its booking and agent written with its deliveries, as a check writes its
 * own. Any number of workers may sweep at once: a credit's warning is claimed by setting its
 * `warned_at` in the transaction that raises it.
 */
export async function sweepCredits(deps: CreditSweepDeps): Promise<CreditSweep> {
  const { db, clock } = deps;
  const loaded = new Map<number, Promise<BranchSettings>>();
  const settingsOf =
    deps.settingsOf ??
    ((branchId: number) => {
      const settings = loaded.get(branchId) ?? loadBranchSettings(db, branchId);
      loaded.set(branchId, settings);
      return settings;
    });
  const horizon = horizonDays(await storedWarningDays(db));
  const sweep: CreditSweep = { warned: [], expired: [] };

  const clocks: { of: CreditClock; now: Date }[] = [
    { of: { realTime: false }, now: await deps.gdsNow() },
    { of: { realTime: true }, now: clock.now() },
  ];
  for (const { of, now: dated } of clocks) {
    const today = utcDayOf(dated);
    sweep.expired.push(...(await expireCredits(db, of, today, clock.now())));

    const warn = async (credit: CreditToWarn) => {
      const { expiresOn } = credit;
      if (expiresOn === null) return;
      const { credits: warning } = (await settingsOf(credit.branchId)).detectors;
      if (creditExpiryStep(credit, today, warning) !== 'warn') return;
      const now = clock.now();
      const candidate = creditWarningOf(
        { ...credit, expiresOn },
        {
          pnrNumber: credit.pnrNumber,
          isTicketed: credit.isTicketed,
          isCancelled: credit.isCancelled,
          // Read only for a credit warned of: most credits the sweep reads wait.
          snapshot: await snapshotData(db, credit.latestSnapshotId),
        },
        today,
        dated,
      );
      const notified = {
        id: credit.bookingId,
        agencyId: credit.agencyId,
        branchId: credit.branchId,
        agentId: credit.agentId,
      };
      const made = await db.transaction(async (tx) =>
        (await claimWarning(tx, credit.id, now))
          ? writeCandidates(tx, notified, [candidate], now, dated)
          : [],
      );
      for (const { id } of made) sweep.warned.push({ creditId: credit.id, notificationId: id });
    };

    // Page by (expiry, id): a credit the sweep leaves (its branch warns later, or not at all)
    // is not read again in the same pass.
    let after: { expiresOn: string; id: number } | undefined;
    for (;;) {
      const until = addUtcDays(today, horizon);
      const page = await creditsToWarn(db, of, today, until, PAGE, after);
      for (const credit of page) await warn(credit);
      const last = page.at(-1);
      if (page.length < PAGE || !last?.expiresOn) break;
      after = { expiresOn: last.expiresOn, id: last.id };
    }
  }
  return sweep;
}

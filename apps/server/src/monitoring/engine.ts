import { createJobHandlers } from './job-handlers';
import type PgBoss from 'pg-boss';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { branches, gdsConnections } from '@/db/schema';
import { engineFailures } from '@/observability/metrics';
import { syncBranch } from './booking-sync';
import { syncConnection } from './connection-sync';
import { syncSabreConnection } from './sabre-sync';
import { recordEngineError } from './engine-status';
import { foldTallies } from './fold-tallies';
import { checkBooking, type EngineDeps } from './check-booking';
import { sweepCredits } from './credits/credit-sweep';
import { QUEUES } from './job-queue';
import { claimDueBookings } from './monitored-bookings.repository';
import { loadBranchSettings, type BranchSettings } from './process-settings';

export type EngineOptions = {
  /** How often due bookings are looked for and queued. */
  scheduleEveryMs: number;
  /** How often the GDS is asked for changed bookings. */
  syncEveryMs: number;
  /** Bookings one job carries. */
  batchSize: number;
  /** Checks one worker runs at once: the GDS calls in flight from this process. */
  concurrency: number;
  /** How long, in GDS time, a queued booking is not queued again (a lost job's bookings return). */
  queuedHoldMs: number;
};

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  scheduleEveryMs: 5_000,
  syncEveryMs: 60_000,
  batchSize: 25,
  concurrency: 10,
  queuedHoldMs: 5 * 60_000,
};

/** How often the dashboard's tallies are folded; any worker may, the sums never change. */
const FOLD_TALLIES_EVERY_MS = 60_000;

/**
 * How often the credits ledger is swept for warnings and expiries; any worker may, a credit is
 * warned of once. Its dates move by days, the simulator's sixty times faster than real ones.
 */
const SWEEP_CREDITS_EVERY_MS = 10 * 60_000;

/** How long a real provider's queued booking is not queued again: five minutes of real time. */
const REAL_HOLD_MS = 5 * 60_000;

type BatchJob = { bookingIds: number[] };

/** At most `limit` holders at once; the others wait their turn. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<() => void> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      active += 1;
      return () => {
        active -= 1;
        waiting.shift()?.();
      };
    },
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

// The workers' last errors are kept in the database (engine-status.ts), not here.
export type EngineStats = {
  checks: number;
  failures: number;
  raised: number;
};

/**
 * The monitoring engine of one worker process: queues due bookings, takes queued batches and
 * checks them, and asks the GDS for changed bookings. Any number of workers share the queue.
 */
export async function startEngine(
  deps: EngineDeps,
  boss: PgBoss,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
) {
  const { db, gds, log, registry } = deps;
  const stats: EngineStats = { checks: 0, failures: 0, raised: 0 };
  const remember = (error: unknown) => {
    stats.failures += 1;
    recordEngineError(db, error, deps.clock.now()).catch((failure: unknown) =>
      log.warn({ err: failure }, 'engine error not recorded'),
    );
  };

  // Every job handler is counted, so a stop waits for the checks and catch-ups under way.
  const handlers = createJobHandlers();
  const checkBatch = (bookingIds: number[]) => checkEach(bookingIds);
  // A branch's settings change rarely; every worker re-reads them once a minute.
  const settingsCache = new Map<number, { at: number; settings: Promise<BranchSettings> }>();
  const settingsOf = (branchId: number) => {
    const cached = settingsCache.get(branchId);
    if (cached && Date.now() - cached.at < 60_000) return cached.settings;
    const settings = loadBranchSettings(db, branchId);
    settingsCache.set(branchId, { at: Date.now(), settings });
    settings.catch(() => settingsCache.delete(branchId));
    return settings;
  };

  const checkEach = async (bookingIds: number[]) => {
    await eachLimited(bookingIds, options.batchSize, async (id) => {
      const release = await slots.acquire();
      try {
        const outcome = await checkBooking({ ...deps, settingsOf }, id);
        if (outcome.status === 'checked') {
          stats.checks += 1;
          stats.raised += outcome.raised.length;
        }
      } catch (error) {
        remember(error);
        log.warn({ err: error, bookingId: id }, 'booking check failed');
      } finally {
        release();
      }
    });
  };

  // Several job loops keep the pipeline full: a loop takes its next job only after half a
  // second of polling, and while one batch waits on its slowest check the others have theirs
  // under way. A shared limit keeps the GDS calls in flight bounded.
  const slots = createLimiter(options.concurrency);
  const loops = Math.max(2, Math.ceil((options.concurrency * 4) / options.batchSize));
  for (let i = 0; i < loops; i++) {
    await boss.work<BatchJob>(
      QUEUES.checkBookings,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      handlers.track(async ([job]) => {
        if (job) await checkBatch(job.data.bookingIds);
      }),
    );
  }
  await boss.work(
    QUEUES.syncBranches,
    { pollingIntervalSeconds: 1 },
    handlers.track(async () => {
      try {
        // The simulator finds bookings by branch (PCC), for agencies still connected to it.
        const rows = await db
          .select({
            id: branches.id,
            pcc: branches.pcc,
            gdsSyncedAt: branches.gdsSyncedAt,
            connectionId: gdsConnections.id,
          })
          .from(branches)
          .innerJoin(
            gdsConnections,
            and(
              eq(gdsConnections.agencyId, branches.agencyId),
              eq(gdsConnections.provider, 'SIMULATOR'),
              eq(gdsConnections.status, 'ACTIVE'),
            ),
          )
          .where(eq(branches.enabled, true))
          .orderBy(asc(branches.id));
        for (const branch of rows) await syncBranch(deps, branch);
        if (registry) await syncProviders(registry);
      } catch (error) {
        // pg-boss tries the job again; the failure is counted all the same.
        engineFailures.inc({ stage: 'sync' });
        throw error;
      }
    }),
  );

  // Each provider connection is caught up on its own: one that fails (a token revoked, the
  // provider down) is counted and the others go on.
  const syncProviders = async (found: NonNullable<EngineDeps['registry']>) => {
    const connections = await db
      .select({
        id: gdsConnections.id,
        provider: gdsConnections.provider,
        agencyId: gdsConnections.agencyId,
        defaultBranchId: gdsConnections.defaultBranchId,
        agentMetadataKey: gdsConnections.agentMetadataKey,
        syncedAt: gdsConnections.syncedAt,
      })
      .from(gdsConnections)
      .where(
        and(
          inArray(gdsConnections.provider, ['DUFFEL', 'SABRE']),
          eq(gdsConnections.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(gdsConnections.id));
    for (const connection of connections) {
      try {
        if (connection.provider === 'SABRE')
          await syncSabreConnection({ ...deps, registry: found }, connection);
        else await syncConnection({ ...deps, registry: found }, connection);
      } catch (error) {
        engineFailures.inc({ stage: 'sync' });
        remember(error);
        log.warn({ err: error, connectionId: connection.id }, 'connection catch-up failed');
      }
    }
  };

  const schedule = async () => {
    // The simulator's bookings are due by its clock, which runs ahead of real time; a real
    // provider's by the real one.
    const simulated = await claimDueBookings(
      db,
      await gds.now(),
      options.batchSize * 40,
      options.queuedHoldMs,
      { realTime: false },
    );
    const real = registry
      ? await claimDueBookings(db, deps.clock.now(), options.batchSize * 40, REAL_HOLD_MS, {
          realTime: true,
        })
      : [];
    const ids = [...simulated, ...real];
    const jobs = [];
    for (let i = 0; i < ids.length; i += options.batchSize) {
      jobs.push({
        name: QUEUES.checkBookings,
        data: { bookingIds: ids.slice(i, i + options.batchSize) },
      });
    }
    if (jobs.length > 0) await boss.insert(jobs);
  };
  const requestSync = () => boss.send(QUEUES.syncBranches, {}, { singletonKey: 'all' });

  let stopped = false;
  const loop = (stage: string, every: number, tick: () => Promise<unknown>) => {
    const run = async () => {
      if (stopped) return;
      try {
        await tick();
      } catch (error) {
        engineFailures.inc({ stage });
        remember(error);
        log.warn({ err: error }, 'engine tick failed');
      }
      if (!stopped) timers.push(setTimeout(() => void run(), every));
    };
    void run();
  };
  const timers: NodeJS.Timeout[] = [];
  loop('sync', options.syncEveryMs, requestSync);
  loop('schedule', options.scheduleEveryMs, schedule);
  loop('fold-tallies', FOLD_TALLIES_EVERY_MS, () => foldTallies(db));
  loop('credits', SWEEP_CREDITS_EVERY_MS, () =>
    sweepCredits({ db, clock: deps.clock, gdsNow: () => gds.now(), settingsOf }),
  );

  return {
    stats,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await boss.offWork(QUEUES.checkBookings);
      await boss.offWork(QUEUES.syncBranches);
      // Checks and catch-ups under way finish, so no job is left half done by a clean stop.
      await handlers.drain(8_000);
    },
  };
}

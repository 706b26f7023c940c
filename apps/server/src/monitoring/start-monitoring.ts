import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isDevEnvironment, type Env } from '@/config/env';
import type { Database } from '@/db/client';
import { agents, branches } from '@/db/schema';
import { createDeliveryWorker } from '@/delivery/deliver';
import type { Messenger } from '@/delivery/messenger';
import { createPushSender } from '@/delivery/push';
import { startDeliveryRelay } from '@/delivery/relay';
import type { Simulator } from '@/gds/simulator/simulator';
import { seedDemoBookings } from '@/gds/simulator/demo-bookings';
import type { Clock } from '@/lib/clock';
import type { OutgoingGuard } from '@/lib/outgoing-address';
import { startEngine, DEFAULT_ENGINE_OPTIONS } from './engine';
import { startJobQueue, stopJobQueue } from './job-queue';
import type { GdsRegistry } from '@/gds/gds-registry';
import { ensureDefaultProcessSettings } from './process-settings';

/**
 * What a worker process runs: default process settings, the demo bookings in the simulator
 * (local and staging), the job queue and the engine over it, and the deliveries' relay. It
 * sends through the process's own messenger and outgoing guard (services.ts), which their
 * maker closes: one of each per process, whatever its role (issue 40).
 */
export async function startMonitoring(deps: {
  env: Env;
  database: Database;
  gds: Simulator;
  /** Each connection's provider; absent, only the simulator is watched. */
  registry?: GdsRegistry;
  clock: Clock;
  log: FastifyBaseLogger;
  messenger: Messenger;
  outgoing: OutgoingGuard;
}) {
  const { env, database, gds, registry, clock, log, messenger, outgoing } = deps;
  const db = database.db;
  await ensureDefaultProcessSettings(db);
  if (isDevEnvironment(env)) {
    const demoAgents = await db
      .select({ pcc: branches.pcc, initials: agents.initials })
      .from(agents)
      .innerJoin(branches, eq(branches.id, agents.branchId));
    const { added } = await seedDemoBookings(gds, demoAgents);
    if (added > 0) log.info({ added }, 'demo bookings made in the GDS simulator');
  }
  const boss = await startJobQueue(database, log);
  const engine = await startEngine({ db, gds, registry, clock, log }, boss, {
    ...DEFAULT_ENGINE_OPTIONS,
    concurrency: env.ENGINE_CONCURRENCY,
    scheduleEveryMs: env.ENGINE_SCHEDULE_MS,
    syncEveryMs: env.ENGINE_SYNC_MS,
    // Five real minutes, whatever the speed of the simulated world.
    queuedHoldMs: 5 * 60_000 * Math.max(1, env.SIM_SPEED),
  });
  const push = createPushSender({ env, db, outgoing });
  const worker = createDeliveryWorker({ env, db, clock, log, messenger, push });
  const relay = await startDeliveryRelay({ db, clock, log, worker }, boss);
  return {
    engine,
    async stop() {
      // Both wait for their handlers under way, within the shutdown's budget (server.ts); what
      // still runs then is left unanswered, and pg-boss fails it for another worker to redo.
      await Promise.all([relay.stop(), engine.stop()]);
      await stopJobQueue(boss, 1_000);
    },
  };
}

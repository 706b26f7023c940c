import { createJobHandlers } from '@/monitoring/job-handlers';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { QUEUES } from '@/monitoring/job-queue';
import { claimUnqueuedDeliveries } from './deliveries.repository';
import type { DeliveryWorker } from './deliver';

export type DeliveryJob = { deliveryId: number };

export type RelayOptions = {
  /** How often pending deliveries are looked for and queued. */
  everyMs: number;
  /** Deliveries queued by one pass. */
  batchSize: number;
  /** How long a queued delivery is left to its job before it is queued again (a lost job). */
  queuedHoldMs: number;
};

export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  everyMs: 2_000,
  batchSize: 200,
  // Longer than every retry of a job together, so a live job is never doubled.
  queuedHoldMs: 30 * 60_000,
};

/** One pass: pending deliveries become 'deliver' jobs, one job per delivery. */
export async function relayDeliveries(
  db: Db,
  boss: PgBoss,
  now: Date,
  options: Pick<RelayOptions, 'batchSize' | 'queuedHoldMs'> = DEFAULT_RELAY_OPTIONS,
): Promise<number> {
  const ids = await claimUnqueuedDeliveries(db, now, options.batchSize, options.queuedHoldMs);
  if (ids.length > 0) {
    await boss.insert(
      ids.map((id) => ({
        name: QUEUES.deliver,
        data: { deliveryId: id } satisfies DeliveryJob,
        singletonKey: String(id),
      })),
    );
  }
  return ids.length;
}

/**
 * Moves the outbox onto the job queue and works the 'deliver' and 'deliver-dead' queues,
 * until stopped. Each pass first ends the deliveries a dead process left half sent. A pass
 * that fails (the database away) is logged and the next one tries again.
 */
export async function startDeliveryRelay(
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; worker: DeliveryWorker },
  boss: PgBoss,
  options: RelayOptions = DEFAULT_RELAY_OPTIONS,
) {
  const { db, clock, log, worker } = deps;
  // A stop waits for the sends under way (monitoring/job-handlers.ts).
  const handlers = createJobHandlers();
  await boss.work<DeliveryJob>(
    QUEUES.deliver,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    handlers.track(async ([job]) => {
      if (job) await worker.deliver(job.data.deliveryId);
    }),
  );
  await boss.work<DeliveryJob>(
    QUEUES.deliverDead,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    handlers.track(async ([job]) => {
      if (job) await worker.markDead(job.data.deliveryId);
    }),
  );

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    if (stopped) return;
    try {
      await worker.endInterrupted();
      await relayDeliveries(db, boss, clock.now(), options);
    } catch (error) {
      log.warn({ err: error }, 'delivery relay pass failed');
    }
    if (!stopped) timer = setTimeout(() => void run(), options.everyMs);
  };
  void run();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await boss.offWork(QUEUES.deliver);
      await boss.offWork(QUEUES.deliverDead);
      // A send takes seconds at most; one stuck past that is left to expire and be sent again
      // by another worker, as the outbox's interrupted deliveries are.
      await handlers.drain(4_000);
    },
  };
}

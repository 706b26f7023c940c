import type { FastifyBaseLogger } from 'fastify';
import { isDevEnvironment, type Env } from '@/config/env';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { deliveryAttempts } from '@/observability/metrics';
import {
  claimDelivery,
  deletePushSubscription,
  endInterruptedDeliveries,
  findPushSubscription,
  loadDelivery,
  markDeliveryDead,
  markDeliverySent,
  recordDeliveryFailure,
  type DeliveryRow,
} from './deliveries.repository';
import { insertDevMessage } from './dev-inbox.repository';
import { emailOf, messageIdOf, pushPayloadOf } from './message';
import type { Messenger } from './messenger';
import type { PushSender } from './push';

export type DeliveryDeps = {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  messenger: Messenger;
  push: PushSender;
};

/** Why a delivery ended without being sent; null when it was sent. */
type Ending = string | null;

/**
 * How long a delivery may stay SENDING before it counts as interrupted. Longer than a send
 * takes at worst (the mail and push timeouts in messenger.ts and push.ts), so only a sender
 * that died, or lost its database, leaves one behind this long.
 */
export const SENDING_LEASE_MS = 30_000;

/**
 * The work of the 'deliver' and 'deliver-dead' queues. `deliver` takes one delivery, sends it
 * and marks it SENT, or puts it back with the failure counted and throws so the queue tries
 * again; `markDead` ends it after its last try; `endInterrupted` ends those a dead process
 * was sending. At most once: what may have gone out is never sent again (docs/decisions/021).
 */
export function createDeliveryWorker(deps: DeliveryDeps & { sendingLeaseMs?: number }) {
  const { env, db, clock, log, messenger, push } = deps;
  const leaseMs = deps.sendingLeaseMs ?? SENDING_LEASE_MS;
  // Taken by this process and not yet settled: never interrupted while this process lives.
  const inFlight = new Set<number>();
  // Sent, but the database could not be told (it was out of reach): told on the next chance.
  const sentUnrecorded = new Map<number, Date>();

  const recordSent = async (deliveryId: number, sentAt: Date) => {
    sentUnrecorded.set(deliveryId, sentAt);
    await markDeliverySent(db, deliveryId, sentAt);
    sentUnrecorded.delete(deliveryId);
  };
  const recordUnrecorded = async () => {
    for (const [deliveryId, sentAt] of sentUnrecorded) await recordSent(deliveryId, sentAt);
  };

  const sendPush = async (delivery: DeliveryRow): Promise<Ending> => {
    const target = await findPushSubscription(db, delivery.recipient);
    if (!target) return 'the push subscription was removed';
    const payload = pushPayloadOf(env, delivery.notification);
    const outcome = await push.send(target, payload);
    if (outcome === 'gone') {
      await deletePushSubscription(db, target.endpoint);
      return 'the push service no longer knows the subscription';
    }
    // An address the guard refuses stays refused: no try of the queue would send it, so it
    // ends like a subscription that is gone (docs/decisions/053).
    if (outcome === 'refused') {
      await deletePushSubscription(db, target.endpoint);
      return 'the push endpoint is an address this server may not reach';
    }
    if (isDevEnvironment(env)) {
      await insertDevMessage(db, {
        channel: 'push',
        recipient: target.email,
        subject: payload.title,
        text: payload.body,
        link: payload.url,
        createdAt: clock.now(),
      });
    }
    return null;
  };

  const send = async (delivery: DeliveryRow): Promise<Ending> => {
    switch (delivery.channel) {
      case 'EMAIL':
        await messenger.sendEmail(
          emailOf(env, delivery.recipient, delivery.notification, messageIdOf(env, delivery.id)),
        );
        return null;
      case 'PUSH':
        return sendPush(delivery);
      case 'SMS':
        return 'notifications are not sent by SMS';
    }
  };

  const endIfInterrupted = async (deliveryId: number) => {
    if (inFlight.has(deliveryId)) return;
    if (sentUnrecorded.has(deliveryId)) {
      await recordUnrecorded();
      return;
    }
    const now = clock.now();
    const ended = await endInterruptedDeliveries(db, now, new Date(now.getTime() - leaseMs), {
      only: [deliveryId],
    });
    if (ended.length > 0) log.warn({ deliveryId }, 'delivery interrupted while sending; ended');
  };

  return {
    async deliver(deliveryId: number): Promise<void> {
      const delivery = await loadDelivery(db, deliveryId);
      if (delivery?.status === 'SENDING') return endIfInterrupted(deliveryId);
      // Sent or ended already: a job run twice sends nothing twice.
      if (!delivery || delivery.status !== 'PENDING') return;
      if (!(await claimDelivery(db, deliveryId, clock.now()))) return;
      inFlight.add(deliveryId);
      const channel = delivery.channel.toLowerCase();
      try {
        let ending: Ending;
        try {
          ending = await send(delivery);
        } catch (error) {
          deliveryAttempts.inc({ channel, result: 'failed' });
          await recordDeliveryFailure(db, deliveryId, String(error), clock.now());
          throw error;
        }
        deliveryAttempts.inc({ channel, result: ending === null ? 'sent' : 'ended' });
        if (ending === null) {
          await recordSent(deliveryId, clock.now());
        } else {
          log.info({ deliveryId, reason: ending }, 'delivery ended without sending');
          await markDeliveryDead(db, deliveryId, clock.now(), ending, 'SENDING');
        }
      } finally {
        inFlight.delete(deliveryId);
      }
    },

    async markDead(deliveryId: number): Promise<void> {
      await markDeliveryDead(db, deliveryId, clock.now());
    },

    /**
     * Records the sends the database missed, then ends as DEAD every delivery left SENDING
     * longer than the lease by a process that is not this one at work. Answers their ids.
     */
    async endInterrupted(): Promise<number[]> {
      await recordUnrecorded();
      const now = clock.now();
      const ended = await endInterruptedDeliveries(db, now, new Date(now.getTime() - leaseMs), {
        busy: [...inFlight],
      });
      if (ended.length > 0) {
        log.warn({ deliveryIds: ended }, 'deliveries interrupted while sending; ended');
      }
      return ended;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

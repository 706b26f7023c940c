import type { FastifyBaseLogger } from 'fastify';
import { isDevEnvironment, type Env } from '@/config/env';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import {
  deletePushSubscription,
  findPushSubscription,
  loadDelivery,
  markDeliveryDead,
  markDeliverySent,
  recordDeliveryFailure,
  type DeliveryRow,
} from './deliveries.repository';
import { insertDevMessage } from './dev-inbox.repository';
import { emailOf, pushPayloadOf } from './message';
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
 * The work of the 'deliver' and 'deliver-dead' queues. `deliver` sends one delivery and marks
 * it SENT, or counts the failure and throws so the queue tries again; `markDead` ends it
 * after its last try.
 */
export function createDeliveryWorker(deps: DeliveryDeps) {
  const { env, db, clock, log, messenger, push } = deps;

  const sendPush = async (delivery: DeliveryRow): Promise<Ending> => {
    const target = await findPushSubscription(db, delivery.recipient);
    if (!target) return 'the push subscription was removed';
    const payload = pushPayloadOf(env, delivery.notification);
    if ((await push.send(target, payload)) === 'gone') {
      await deletePushSubscription(db, target.endpoint);
      return 'the push service no longer knows the subscription';
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
        await messenger.sendEmail(emailOf(env, delivery.recipient, delivery.notification));
        return null;
      case 'PUSH':
        return sendPush(delivery);
      case 'SMS':
        return 'notifications are not sent by SMS';
    }
  };

  return {
    async deliver(deliveryId: number): Promise<void> {
      const delivery = await loadDelivery(db, deliveryId);
      // Sent or ended already: a job run twice sends nothing twice.
      if (!delivery || delivery.status !== 'PENDING') return;
      let ending: Ending;
      try {
        ending = await send(delivery);
      } catch (error) {
        await recordDeliveryFailure(db, deliveryId, String(error), clock.now());
        throw error;
      }
      if (ending === null) {
        await markDeliverySent(db, deliveryId, clock.now());
      } else {
        log.info({ deliveryId, reason: ending }, 'delivery ended without sending');
        await markDeliveryDead(db, deliveryId, clock.now(), ending);
      }
    },

    async markDead(deliveryId: number): Promise<void> {
      await markDeliveryDead(db, deliveryId, clock.now());
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

import type { DeliveryChannel } from '@smt/shared';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { notifications } from './notifications';
import { users } from './users';

/** A browser's web-push subscription, registered by the SPA's service worker. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One notification sent to one recipient by one channel at one stage of its escalation. Unique
 * on those four, so a retried job never sends twice. PENDING → SENDING (taken, committed before the send) → SENT, or back
 * to PENDING when the send failed, or DEAD; a SENDING row whose sender died ends DEAD, never
 * sent again (docs/decisions/021).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    recipient: text('recipient').notNull(),
    /** 0 the notification raised; 1 the agent reminded of it, 2 the managers told of it. */
    stage: integer('stage').notNull().default(0),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** When the relay last put the delivery on the job queue; null while it waits for one. */
    queuedAt: instant('queued_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deliveries_target_key').on(t.notificationId, t.channel, t.recipient, t.stage),
    index('deliveries_status_idx').on(t.status, t.createdAt),
    // The health page counts the sends of the last minute.
    index('deliveries_sent_at_idx').on(t.sentAt),
  ],
);

/** What went out by SMS, e-mail or push in local and staging, for people and tests to read. */
export const devInbox = pgTable(
  'dev_inbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dev_inbox_recipient_idx').on(
      t.recipient,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

import type { MoneyKind, NotificationGroup, NotificationType } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's figures tallied per day and per month (docs/decisions/016). Database
 * triggers add a row of differences for every change to a notification (and to a booking's
 * airline, customer number or departure), in the same transaction, so the sums are always
 * exact; the engine folds the rows of a period into one per key now and then.
 *
 * - `type`: by the day the notification was raised, every notification.
 * - `airline`: the same, ADM and Cancellation notifications and executed reprices, keyed by
 *   the booking's carrier.
 * - `customer`: the same, reprices, keyed by the booking's customer number.
 * - `departure`: by the booking's departure day, every notification.
 * - `pending`: by the day it was raised, pending notifications only, by month only.
 */
export const notificationTallies = pgTable(
  'notification_tallies',
  {
    kind: text('kind').$type<TallyKind>().notNull(),
    /**
     * 'agent': a row per agent; 'agency': the same summed per agency (branch and agent 0), so
     * a figure of whole agencies reads a row where it would read one per agent.
     */
    level: text('level').$type<TallyLevel>().notNull(),
    /** 'D': `period` is a day; 'M': the first day of a month, the tally of the whole month. */
    grain: text('grain').$type<TallyGrain>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    agencyId: integer('agency_id').notNull(),
    branchId: integer('branch_id').notNull(),
    agentId: integer('agent_id').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    group: text('group').$type<NotificationGroup>().notNull(),
    /** The reprices' currency; '' for none. */
    currency: text('currency').notNull().default(''),
    /**
     * The kind of money the reprices save (docs/decisions/067): 'cash' or 'credit', never
     * summed together; a reprice kept before the kind was ('saving_kind' null) is cash; '' for
     * the other types.
     */
    savingKind: text('saving_kind').$type<MoneyKind | ''>().notNull().default(''),
    /** The carrier or the customer number; '' for the kinds without one. */
    key: text('key').notNull().default(''),
    notifications: integer('notifications').notNull(),
    completed: integer('completed').notNull(),
    /** Not read yet (NEW or READY). */
    unread: integer('unread').notNull(),
    /** Reprices executed (with an actual saving). */
    executed: integer('executed').notNull(),
    /** Money in cents, so sums stay exact and cheap. */
    potentialCents: bigint('potential_cents', { mode: 'number' }).notNull(),
    actualCents: bigint('actual_cents', { mode: 'number' }).notNull(),
    /** Written by the folding; rows of differences are not, and mark a period to fold. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('notification_tallies_period_idx').on(t.kind, t.level, t.grain, t.period),
    index('notification_tallies_unfolded_idx')
      .on(t.kind, t.level, t.grain, t.period)
      .where(sql`not ${t.compacted}`),
  ],
);

export type TallyKind = 'type' | 'airline' | 'customer' | 'departure' | 'pending';
export type TallyGrain = 'D' | 'M';
export type TallyLevel = 'agent' | 'agency';

/**
 * Bookings with and without a current price (the young and old PQs of the dashboard) per
 * departure day and agent, kept as `notification_tallies` are: rows of differences added by
 * triggers, folded by the engine.
 */
export const bookingTallies = pgTable(
  'booking_tallies',
  {
    /** The booking's departure day (UTC); null while it has none. */
    departureDay: date('departure_day', { mode: 'string' }),
    agencyId: integer('agency_id').notNull(),
    branchId: integer('branch_id').notNull(),
    agentId: integer('agent_id').notNull(),
    priced: integer('priced').notNull(),
    unpriced: integer('unpriced').notNull(),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [index('booking_tallies_departure_idx').on(t.departureDay)],
);

import type { CreditSource, CreditState } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, instant, updatedAt } from './columns';
import { notifications } from './notifications';
import { agencies, agents, branches } from './organisation';

/**
 * The credits ledger (issue 36, docs/decisions/068): value an airline or a provider keeps for a
 * passenger after a reissue for less, a cancellation refunded as credit, or as an agent enters
 * it, so that it is used before it expires. Agency, branch and agent are the booking's (or the
 * agent's who entered it on one) so that every scoped list reads one index, as for notifications.
 */
export const credits = pgTable(
  'credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The booking it came from (an agent enters a credit on the booking it was issued for). */
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** The notification whose action made it (an approved reprice), where one did. */
    notificationId: bigint('notification_id', { mode: 'number' }).references(
      () => notifications.id,
    ),
    /** As the booking names the passenger: 'LAST/FIRST'. */
    passengerName: text('passenger_name').notNull(),
    /** `personKey` of the name: how a later booking of the same passenger finds it. */
    passengerKey: text('passenger_key').notNull(),
    /** The IATA code of the airline that holds it. */
    airline: text('airline').notNull(),
    /** In cents of `currency`, so sums stay exact. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The last day it can be used (the airline's or provider's date); null where none is known. */
    expiresOn: date('expires_on', { mode: 'string' }),
    source: text('source').$type<CreditSource>().notNull(),
    state: text('state').$type<CreditState>().notNull().default('open'),
    /** The provider's or airline's reference (a Duffel airline credit id, a ticket number). */
    reference: text('reference'),
    /** When its expiry warning was raised; null until then, so it is raised once. */
    warnedAt: instant('warned_at'),
    /** When it was marked used or expired. */
    closedAt: instant('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The scoped lists: open first by expiry, at each scope level.
    index('credits_agent_list_idx').on(t.agentId, t.state, t.expiresOn, t.id),
    index('credits_branch_list_idx').on(t.branchId, t.state, t.expiresOn, t.id),
    index('credits_agency_list_idx').on(t.agencyId, t.state, t.expiresOn, t.id),
    // 'Credit available' on a booking: the agency's open credits of a passenger.
    index('credits_passenger_idx')
      .on(t.agencyId, t.passengerKey, t.airline)
      .where(sql`${t.state} = 'open'`),
    // The expiry sweep reads open credits by date.
    index('credits_open_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.state} = 'open'`),
    // A credit the same action or provider record makes twice is recorded once.
    uniqueIndex('credits_notification_key')
      .on(t.notificationId, t.passengerKey)
      .where(sql`${t.notificationId} is not null`),
    uniqueIndex('credits_reference_key')
      .on(t.agencyId, t.airline, t.reference)
      .where(sql`${t.reference} is not null`),
  ],
);

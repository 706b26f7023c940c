import type { CheckResult, DetectorDecision } from '@smt/shared';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { bookings } from './bookings';

/**
 * One check of a booking by the engine: when, whether the booking had changed, and what each
 * detector decided and why. Only the newest few per booking are kept (the engine prunes as it
 * writes), so the table stays a small multiple of the bookings.
 */
export const bookingChecks = pgTable(
  'booking_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The server's clock. */
    checkedAt: instant('checked_at').notNull(),
    /** The reservation system's clock; null when the check failed before reaching it. */
    gdsTime: instant('gds_time'),
    result: text('result').$type<CheckResult>().notNull(),
    changed: boolean('changed').notNull().default(false),
    error: text('error'),
    decisions: jsonb('decisions').$type<DetectorDecision[]>().notNull().default([]),
  },
  (t) => [
    index('booking_checks_booking_idx').on(t.bookingId, t.checkedAt.desc().nullsFirst()),
    // The health page counts the checks of the last minute.
    index('booking_checks_checked_at_idx').on(t.checkedAt),
  ],
);

import { utcDayOf, type CreditAvailable } from '@smt/shared';
import type { Db } from '@/db/client';
import { findAvailableCredits } from './credits.repository';

/**
 * 'Credit available' for each of a page's bookings (its cards, or its PNR details): the
 * agency's open credits its passengers hold with its airlines, by booking id, in one query.
 * A booking without any is absent. The bookings are the caller's already: each credit is of the
 * booking's own agency.
 */
export async function creditsAvailableOn(
  db: Db,
  bookingIds: number[],
  now: Date,
): Promise<Map<number, CreditAvailable[]>> {
  const rows = await findAvailableCredits(db, bookingIds, utcDayOf(now));
  const byBooking = new Map<number, CreditAvailable[]>();
  for (const row of rows) {
    const id = Number(row.booking_id);
    const list = byBooking.get(id) ?? [];
    list.push({
      airline: row.airline,
      amount_cents: Number(row.amount_cents),
      currency: row.currency,
      passenger_name: row.passenger_name,
      expires_on: row.expires_on,
    });
    byBooking.set(id, list);
  }
  return byBooking;
}

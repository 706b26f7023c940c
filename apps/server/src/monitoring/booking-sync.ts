import { eq } from 'drizzle-orm';
import { branches } from '@/db/schema';
import type { EngineDeps } from './check-booking';
import { bookingColumnsOf } from './booking-columns';
import {
  findBookingByLocator,
  findOwner,
  insertBooking,
  markDue,
} from './monitored-bookings.repository';

export const GDS_ID = 'SIM';

export type SyncResult = { added: number; due: number; unknownAgent: number };

/**
 * Asks the GDS which of a branch's bookings changed since the last look: known ones are due
 * for a check now, new ones are recorded under their agent. A booking whose agent sign is not
 * one of ours is left alone.
 */
export async function syncBranch(
  deps: EngineDeps,
  /** `connectionId`: the agency's simulator connection; absent, the bookings carry none. */
  branch: { id: number; pcc: string; gdsSyncedAt: Date | null; connectionId?: number | null },
): Promise<SyncResult> {
  const { db, gds } = deps;
  const gdsNow = await gds.now();
  const locators = await gds.listChangedBookings(branch.pcc, branch.gdsSyncedAt);
  const result: SyncResult = { added: 0, due: 0, unknownAgent: 0 };
  const dueIds: number[] = [];
  for (const locator of locators) {
    const known = await findBookingByLocator(db, GDS_ID, locator);
    if (known) {
      dueIds.push(known.id);
      continue;
    }
    const booking = await gds.retrieveBooking(locator);
    if (!booking) continue;
    const owner = await findOwner(db, booking.pcc, booking.agentInitials);
    if (!owner) {
      result.unknownAgent += 1;
      continue;
    }
    const columns = bookingColumnsOf(booking, gdsNow);
    await insertBooking(db, {
      ...owner,
      ...columns,
      gdsId: GDS_ID,
      connectionId: branch.connectionId ?? null,
      pnrNumber: booking.locator,
      monitored: true,
      nextCheckAt: gdsNow,
    });
    result.added += 1;
  }
  await markDue(db, dueIds, gdsNow);
  result.due = dueIds.length;
  await db.update(branches).set({ gdsSyncedAt: gdsNow }).where(eq(branches.id, branch.id));
  return result;
}

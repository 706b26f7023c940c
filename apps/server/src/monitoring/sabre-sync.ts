import { and, asc, eq, inArray } from 'drizzle-orm';
import { bookings, branches } from '@/db/schema';
import type { GdsRegistry } from '@/gds/gds-registry';
import { bookingColumnsOf } from './booking-columns';
import type { SyncResult } from './booking-sync';
import type { EngineDeps } from './check-booking';
import {
  adoptBooking,
  findConnectionBooking,
  ownerByInitials,
  SABRE_GDS_ID,
  unassignedOwner,
} from './connection-owners.repository';
import { finishCatchUp } from './connection-sync';
import { insertBooking } from './monitored-bookings.repository';

export type SabreConnection = { id: number; agencyId: number };

/**
 * The catch-up of a Sabre connection (docs/decisions/070): the PNRs on the watched queues of
 * each branch's PCC. A known one is due for a check now; a new one is recorded under the
 * branch agent whose initials created it (the branch's unassigned agent otherwise). Either
 * way the booking keeps the queue it was found on, for PNR info to say where it came from; it
 * stays once the PNR is taken off. Nothing is taken off a queue here: the check does that once
 * it has written what it found.
 */
export async function syncSabreConnection(
  deps: EngineDeps & { registry: Pick<GdsRegistry, 'forConnection'> },
  connection: SabreConnection,
): Promise<SyncResult> {
  const { db } = deps;
  const gds = await deps.registry.forConnection(connection.id);
  const gdsNow = await gds.now();
  const watched = await db
    .select({ id: branches.id, pcc: branches.pcc })
    .from(branches)
    .where(and(eq(branches.agencyId, connection.agencyId), eq(branches.enabled, true)))
    .orderBy(asc(branches.id));
  const result: SyncResult = { added: 0, due: 0, unknownAgent: 0 };
  const dueIds: number[] = [];
  const foundOn = new Map<number, string[]>();
  for (const branch of watched) {
    for (const locator of await gds.listChangedBookings(branch.pcc, null)) {
      const queue = gds.queueOf?.(branch.pcc, locator) ?? null;
      if (queue !== null) foundOn.set(queue, [...(foundOn.get(queue) ?? []), locator]);
      const known = await findConnectionBooking(db, connection, { gdsId: SABRE_GDS_ID, locator });
      if (known?.connectionId === connection.id) {
        if (!dueIds.includes(known.id)) dueIds.push(known.id);
        continue;
      }
      if (known) {
        await adoptBooking(db, known.id, connection.id, gdsNow);
        result.due += 1;
        continue;
      }
      const booking = await gds.retrieveBooking(locator);
      if (!booking) continue;
      const place = { agencyId: connection.agencyId, branchId: branch.id };
      const owner =
        (booking.agentInitials === ''
          ? null
          : await ownerByInitials(db, place, booking.agentInitials)) ??
        (await unassignedOwner(db, connection.agencyId, branch.id));
      if (!owner) {
        result.unknownAgent += 1;
        continue;
      }
      await insertBooking(db, {
        ...owner,
        ...bookingColumnsOf(booking, gdsNow),
        gdsId: SABRE_GDS_ID,
        connectionId: connection.id,
        pnrNumber: booking.locator,
        monitored: true,
        nextCheckAt: gdsNow,
      });
      result.added += 1;
    }
  }
  for (const [queue, locators] of foundOn)
    await db
      .update(bookings)
      .set({ sourceQueue: queue })
      .where(
        and(
          eq(bookings.connectionId, connection.id),
          eq(bookings.gdsId, SABRE_GDS_ID),
          inArray(bookings.pnrNumber, locators),
        ),
      );
  await finishCatchUp(db, connection.id, dueIds, gdsNow);
  result.due += dueIds.length;
  return result;
}

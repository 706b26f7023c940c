import { eq } from 'drizzle-orm';
import type { GdsRegistry } from '@/gds/gds-registry';
import { gdsConnections } from '@/db/schema';
import type { EngineDeps } from './check-booking';
import { bookingColumnsOf } from './booking-columns';
import type { SyncResult } from './booking-sync';
import {
  adoptBooking,
  DUFFEL_GDS_ID,
  findConnectionBooking,
  ownerByEmail,
  unassignedOwner,
} from './connection-owners.repository';
import { insertBooking, markDue } from './monitored-bookings.repository';

export { DUFFEL_GDS_ID } from './connection-owners.repository';

/** Makes the bookings found due now and stamps the connection's catch-up with the provider's time. */
export async function finishCatchUp(
  db: EngineDeps['db'],
  connectionId: number,
  dueIds: number[],
  gdsNow: Date,
): Promise<void> {
  await markDue(db, dueIds, gdsNow);
  await db
    .update(gdsConnections)
    .set({ syncedAt: gdsNow })
    .where(eq(gdsConnections.id, connectionId));
}

export type SyncedConnection = {
  id: number;
  agencyId: number;
  defaultBranchId: number | null;
  agentMetadataKey: string;
  syncedAt: Date | null;
};

/**
 * The catch-up of a provider connection: asks which orders changed since the last look, makes
 * the known ones due and records new ones under the agent their metadata names by e-mail
 * (the default branch's unassigned orders otherwise). Webhooks make a booking due at once;
 * this finds new orders and whatever a lost webhook missed.
 */
export async function syncConnection(
  deps: EngineDeps & { registry: Pick<GdsRegistry, 'forConnection'> },
  connection: SyncedConnection,
): Promise<SyncResult> {
  const { db } = deps;
  const gds = await deps.registry.forConnection(connection.id);
  const gdsNow = await gds.now();
  const orderIds = await gds.listChangedBookings('', connection.syncedAt);
  const result: SyncResult = { added: 0, due: 0, unknownAgent: 0 };
  const dueIds: number[] = [];
  for (const orderId of orderIds) {
    const known = await findConnectionBooking(db, connection, { gdsId: DUFFEL_GDS_ID, orderId });
    if (known?.connectionId === connection.id) {
      dueIds.push(known.id);
      continue;
    }
    if (known) {
      await adoptBooking(db, known.id, connection.id, gdsNow);
      result.due += 1;
      continue;
    }
    const booking = await gds.retrieveBooking(orderId);
    if (!booking) continue;
    const email = booking.metadata?.[connection.agentMetadataKey];
    const owner =
      (email ? await ownerByEmail(db, connection.agencyId, email) : null) ??
      (connection.defaultBranchId === null
        ? null
        : await unassignedOwner(db, connection.agencyId, connection.defaultBranchId));
    if (!owner) {
      result.unknownAgent += 1;
      continue;
    }
    await insertBooking(db, {
      ...owner,
      ...bookingColumnsOf(booking, gdsNow),
      gdsId: DUFFEL_GDS_ID,
      connectionId: connection.id,
      providerBookingId: orderId,
      pnrNumber: booking.locator,
      monitored: true,
      nextCheckAt: gdsNow,
    });
    result.added += 1;
  }
  await finishCatchUp(db, connection.id, dueIds, gdsNow);
  result.due += dueIds.length;
  return result;
}

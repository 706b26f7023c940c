import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, gdsConnections, providerEvents } from '@/db/schema';

/** A live Duffel connection by id, with what checks its webhooks. */
export async function findDuffelConnection(db: Db, id: number) {
  const [row] = await db
    .select({
      id: gdsConnections.id,
      agencyId: gdsConnections.agencyId,
      sealedWebhookSecret: gdsConnections.sealedWebhookSecret,
    })
    .from(gdsConnections)
    .where(
      and(
        eq(gdsConnections.id, id),
        eq(gdsConnections.provider, 'DUFFEL'),
        eq(gdsConnections.status, 'ACTIVE'),
      ),
    );
  return row ?? null;
}

/** Records an event once; false when its id was taken already (a redelivery). */
export async function takeEvent(
  db: Db,
  event: { connectionId: number; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}

/** The connection's watched booking of a Duffel order, made due for a check now. */
export async function markOrderDue(
  db: Db,
  connectionId: number,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ nextCheckAt: now })
    .where(
      and(
        eq(bookings.connectionId, connectionId),
        eq(bookings.providerBookingId, orderId),
        eq(bookings.monitored, true),
      ),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}

import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { NotificationType } from '@smt/shared';
import { GROUP_OF_TYPE } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, notifications, users } from '@/db/schema';
import { aBooking, NOW } from '@/monitoring/detectors/testing/booking-builder';
import { notificationDataOf } from '@/monitoring/notification-data-of';

export async function demoUser(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user?.agencyId || !user.branchId || !user.agentId) throw new Error(`no demo agent ${email}`);
  return { ...user, agencyId: user.agencyId, branchId: user.branchId, agentId: user.agentId };
}

/** A booking of the given demo agent with one notification of the given type. */
export async function makeNotification(db: Db, agentEmail: string, type: NotificationType) {
  const agent = await demoUser(db, agentEmail);
  const pnr = randomUUID().slice(0, 6).toUpperCase();
  const place = { agencyId: agent.agencyId, branchId: agent.branchId, agentId: agent.agentId };
  const [booking] = await db
    .insert(bookings)
    .values({ ...place, gdsId: 'SIM', pnrNumber: pnr, pnrCreatedAt: new Date() })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('no booking');
  const [row] = await db
    .insert(notifications)
    .values({
      ...place,
      bookingId: booking.id,
      type,
      group: GROUP_OF_TYPE[type],
      title: 'Lower fare found',
      titleMessage: 'Save 120.00 USD',
      pnrSummary: 'TLV-JFK LY001 2026-03-01T10:00',
      notificationTime: new Date(),
      payload: { alerts: [], remarks: [], last_purchase_date: null, segment_classes: [] },
      data: notificationDataOf(aBooking({ locator: pnr }), NOW),
      dedupeKey: randomUUID(),
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  return { id: row.id, type, ...place, pnr };
}

/** Keys as a browser's PushSubscription carries them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

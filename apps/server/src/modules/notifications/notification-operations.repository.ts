import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, bookings, gdsConnections, notifications, priceQuotes } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

export type OperationTarget = NonNullable<Awaited<ReturnType<typeof findNotificationInScope>>>;
export type NotificationChanges = Partial<
  Pick<
    typeof notifications.$inferInsert,
    'subtype' | 'typeStatus' | 'title' | 'titleMessage' | 'actualSaving' | 'completedAt'
  >
>;
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

const header = {
  notification_id: notifications.id,
  type: notifications.type,
  subtype: notifications.subtype,
  type_status: notifications.typeStatus,
  title: notifications.title,
  title_message: notifications.titleMessage,
  readonly: notifications.readonly,
};

type Row = typeof notifications.$inferSelect;

/** What executePendingOperation answers (SPEC §7.1): the header, in the API's field names. */
export type NotificationHeader = {
  notification_id: number;
  type: Row['type'];
  subtype: Row['subtype'];
  type_status: Row['typeStatus'];
  title: string;
  title_message: string;
  readonly: boolean;
};

/** The notification with its booking, or null when it does not exist inside the scope. */
export async function findNotificationInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      header,
      status: notifications.status,
      bookingId: bookings.id,
      locator: bookings.pnrNumber,
      connectionId: bookings.connectionId,
      providerBookingId: bookings.providerBookingId,
      // Read with the booking, so an action on a disconnected one is refused before any call.
      connectionProvider: gdsConnections.provider,
      connectionStatus: gdsConnections.status,
      isTicketed: bookings.isTicketed,
      isCancelled: bookings.isCancelled,
      // What a reprice promised, checked again before anything is sent (decision 060).
      potentialSaving: notifications.potentialSaving,
      payload: notifications.payload,
      // Where a credit the action leaves sits: the booking's agency, branch and agent.
      place: {
        bookingId: bookings.id,
        agencyId: bookings.agencyId,
        branchId: bookings.branchId,
        agentId: bookings.agentId,
      },
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .leftJoin(gdsConnections, eq(gdsConnections.id, bookings.connectionId))
    .where(
      and(
        eq(notifications.id, id),
        inScope(scope, {
          agency: notifications.agencyId,
          branch: notifications.branchId,
          agent: notifications.agentId,
        }),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { payload, ...rest } = row;
  return { ...rest, segmentIds: payload.segment_ids ?? [] };
}

export async function findPriceQuote(db: Db, notificationId: number, seqNum = 1) {
  const [row] = await db
    .select()
    .from(priceQuotes)
    .where(and(eq(priceQuotes.notificationId, notificationId), eq(priceQuotes.seqNum, seqNum)))
    .limit(1);
  return row ?? null;
}

/**
 * Writes an operation's outcome. With `onlyPending` the row changes only while it is still
 * Pending, so two people finishing one notification at once cannot overwrite each other;
 * null then means someone else got there first.
 */
export async function updateNotification(
  tx: Db,
  id: number,
  changes: NotificationChanges,
  now: Date,
  { onlyPending }: { onlyPending: boolean },
): Promise<NotificationHeader | null> {
  const [row] = await tx
    .update(notifications)
    .set({ ...changes, updatedAt: now })
    .where(
      and(eq(notifications.id, id), onlyPending ? eq(notifications.subtype, 'Pending') : undefined),
    )
    .returning(header);
  return row ?? null;
}

export async function updateBooking(
  tx: Db,
  id: number,
  changes: Partial<
    Pick<
      typeof bookings.$inferInsert,
      'isCancelled' | 'isTicketed' | 'lastPurchaseAt' | 'currentPrice' | 'currency'
    >
  >,
  now: Date,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ ...changes, updatedAt: now })
    .where(eq(bookings.id, id));
}

export async function insertAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

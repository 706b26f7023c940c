import { journeyRouteOf, routeText } from '@smt/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, notifications, priceQuotes } from '@/db/schema';
import { enqueueDeliveries } from '@/delivery/outbox';
import type { Candidate } from './detectors/detector';
import type { BookingRow } from './monitored-bookings.repository';

/** A one-line booking summary for cards: the booking's route, its first flight and departure. */
function pnrSummary(candidate: Candidate): string | null {
  // The route by the one rule of lists and exports: a round trip reads 'TLV-JFK', not 'TLV-TLV'.
  const { flights } = candidate.data;
  const [first] = flights;
  const route = journeyRouteOf(flights);
  if (!first || !route) return null;
  return `${routeText(route)} ${first.airline}${first.flight_number} ${first.departure}`;
}

/** Pending notifications that no longer hold (a schedule change taken back) leave the lists. */
export async function withdrawNotifications(
  tx: Db,
  bookingId: number,
  ids: number[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(notifications)
    .set({ status: 'DEL', readonly: true, updatedAt: now })
    .where(
      and(
        eq(notifications.bookingId, bookingId),
        eq(notifications.subtype, 'Pending'),
        inArray(notifications.id, ids),
      ),
    );
}

export type NotificationRow = typeof notifications.$inferInsert;
export type PriceQuoteRow = typeof priceQuotes.$inferInsert;

/** The booking a notification is raised on: it copies the booking's owners (SPEC §3). */
export type NotifiedBooking = Pick<BookingRow, 'id' | 'agencyId' | 'branchId' | 'agentId'>;

/**
 * The row a candidate becomes, raised at `now`: pending, unread, its header and its payload.
 * The engine writes it one at a time; the scale data of bench/ writes it in batches.
 */
export function notificationRowOf(
  booking: NotifiedBooking,
  candidate: Candidate,
  now: Date,
): NotificationRow {
  return {
    bookingId: booking.id,
    agencyId: booking.agencyId,
    branchId: booking.branchId,
    agentId: booking.agentId,
    type: candidate.type,
    group: candidate.group,
    title: candidate.title,
    titleMessage: candidate.titleMessage,
    contactName: candidate.data.contact.name,
    pnrSummary: pnrSummary(candidate),
    notificationTime: now,
    deadlineAt: instantOf(candidate.lastPurchaseDate),
    payload: {
      alerts: candidate.alerts,
      remarks: candidate.remarks,
      last_purchase_date: candidate.lastPurchaseDate,
      segment_classes: candidate.segmentClasses,
      segment_ids: candidate.segmentIds,
    },
    data: candidate.data,
    dedupeKey: candidate.dedupeKey,
    potentialSaving: candidate.potentialSaving,
    currency: candidate.currency,
    createdAt: now,
    updatedAt: now,
    ...(candidate.acceptedAutomatically ? { subtype: 'Complete' as const, completedAt: now } : {}),
  };
}

/** A GDS time as an instant; one that does not read as a time is no deadline. */
function instantOf(text: string | null): Date | null {
  if (text === null) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The price-quote rows of a Reprice candidate once its notification has an id; [] otherwise. */
export function priceQuoteRowsOf(notificationId: number, candidate: Candidate): PriceQuoteRow[] {
  return candidate.priceQuotes.map((quote) => ({
    notificationId,
    seqNum: quote.seq_num,
    cmd: quote.cmd,
    currentPrice: quote.current_price,
    newPrice: quote.new_price,
    currency: quote.currency,
    lastPurchase: quote.last_purchase,
    pax: quote.pax,
    segments: quote.segments,
    conditions: quote.conditions,
    fareConds: quote.fare_conds,
    newBaggageInfos: quote.newBaggageInfos,
    saving: quote.saving ?? null,
  }));
}

/**
 * Writes what the detectors found for one booking. A candidate whose dedupe key the booking
 * already has is skipped, so running a check twice raises nothing twice; what a new one
 * supersedes leaves the pending lists. Answers the notifications made.
 */
export async function writeCandidates(
  tx: Db,
  booking: BookingRow,
  candidates: Candidate[],
  now: Date,
): Promise<{ id: number; type: Candidate['type'] }[]> {
  const created: { id: number; type: Candidate['type'] }[] = [];
  for (const candidate of candidates) {
    const [row] = await tx
      .insert(notifications)
      .values(notificationRowOf(booking, candidate, now))
      .onConflictDoNothing({ target: [notifications.bookingId, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    if (!row) continue;
    created.push({ id: row.id, type: candidate.type });
    await enqueueDeliveries(
      tx,
      {
        id: row.id,
        type: candidate.type,
        agencyId: booking.agencyId,
        branchId: booking.branchId,
        agentId: booking.agentId,
      },
      now,
    );
    const quotes = priceQuoteRowsOf(row.id, candidate);
    if (quotes.length > 0) await tx.insert(priceQuotes).values(quotes);
    await withdrawNotifications(tx, booking.id, candidate.supersedes, now);
    if (candidate.acceptedAutomatically) {
      // The system acted, not a person: no user on the row (docs/decisions/042).
      await tx.insert(auditLog).values({
        at: now,
        userId: null,
        realUserId: null,
        action: 'notification.A',
        entityType: 'notification',
        entityId: String(row.id),
        result: 'SUCCESS',
        details: { op: 'A', by: 'system', message: candidate.titleMessage },
      });
    }
  }
  return created;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications, priceQuotes } from '@/db/schema';
import { enqueueDeliveries } from '@/delivery/outbox';
import type { Candidate } from './detectors/detector';
import type { BookingRow } from './monitored-bookings.repository';

/** A one-line booking summary for cards: route, first flight and its departure. */
function pnrSummary(candidate: Candidate): string | null {
  // The first flight, route, number and time together: a round trip reads 'TLV-JFK', not 'TLV-TLV'.
  const [first] = candidate.data.flights;
  if (!first) return null;
  return `${first.from}-${first.to} ${first.airline}${first.flight_number} ${first.departure}`;
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
      .values({
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
      })
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
    if (candidate.priceQuotes.length > 0) {
      await tx.insert(priceQuotes).values(
        candidate.priceQuotes.map((quote) => ({
          notificationId: row.id,
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
        })),
      );
    }
    await withdrawNotifications(tx, booking.id, candidate.supersedes, now);
  }
  return created;
}

import { CANCELLED_SEGMENT_STATUSES, journeyRouteOf, routeText } from '@smt/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, notifications, priceQuotes } from '@/db/schema';
import { enqueueDeliveries } from '@/delivery/outbox';
import type { Candidate, Revision, Withdrawal } from './detectors/detector';
import type { BookingRow } from './monitored-bookings.repository';

const cancelled: readonly string[] = CANCELLED_SEGMENT_STATUSES;

/** A one-line booking summary for cards: the booking's route, its first flight and departure. */
function pnrSummary(candidate: Candidate): string | null {
  // The trip the traveller holds: a segment that holds no seat is no part of its route.
  const flights = candidate.data.flights.filter((flight) => !cancelled.includes(flight.status));
  // The route by the one rule of lists and exports: a round trip reads 'TLV-JFK', not 'TLV-TLV'.
  const [first] = flights;
  const route = journeyRouteOf(flights);
  if (!first || !route) return null;
  return `${routeText(route)} ${first.airline}${first.flight_number} ${first.departure}`;
}

/** Pending notifications a newer one replaces leave the lists: the newer one says it all. */
export async function supersedeNotifications(
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

/** 'Withdrawn: the booking is ticketed': what a withdrawn notification's title message says. */
export const withdrawnMessage = (reason: string) => `Withdrawn: ${reason}`;

/**
 * Pending notifications whose premise is gone are complete, read-only and say why, keeping
 * their read state (docs/decisions/060): the agent sees what happened, nothing asks for action.
 */
export async function withdrawNotifications(
  tx: Db,
  bookingId: number,
  withdrawals: Withdrawal[],
  now: Date,
): Promise<void> {
  for (const { id, reason } of withdrawals) {
    await tx
      .update(notifications)
      .set({
        subtype: 'Complete',
        readonly: true,
        titleMessage: withdrawnMessage(reason),
        completedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.subtype, 'Pending'),
          eq(notifications.id, id),
        ),
      );
  }
}

/**
 * Pending notifications that still hold with other figures take them in place: their title
 * message, alerts, saving and price quote; their read state and time stay (docs/decisions/060).
 */
export async function reviseNotifications(
  tx: Db,
  bookingId: number,
  revisions: Revision[],
  now: Date,
): Promise<void> {
  for (const revision of revisions) {
    const [row] = await tx
      .update(notifications)
      .set({
        titleMessage: revision.titleMessage,
        payload: sql`jsonb_set(${notifications.payload}, '{alerts}', ${JSON.stringify(revision.alerts)}::jsonb)`,
        potentialSaving: revision.potentialSaving,
        ...(revision.savingKind ? { savingKind: revision.savingKind } : {}),
        updatedAt: now,
        // A change chased a stage further is news again: unread, and sent (decision 064).
        ...(revision.escalation ? { escalation: revision.escalation, status: 'NEW' as const } : {}),
      })
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.subtype, 'Pending'),
          eq(notifications.id, revision.id),
        ),
      )
      .returning({
        id: notifications.id,
        type: notifications.type,
        agencyId: notifications.agencyId,
        branchId: notifications.branchId,
        agentId: notifications.agentId,
      });
    if (row && revision.escalation) {
      // Each stage reached is sent once; a stage skipped on the way is sent too.
      for (const stage of [1, 2] as const) {
        if (stage <= revision.escalation) await enqueueDeliveries(tx, row, now, stage);
      }
    }
    if (!row || !revision.priceQuote) continue;
    await tx
      .update(priceQuotes)
      .set({
        saving: revision.priceQuote.saving ?? null,
        conditions: revision.priceQuote.conditions,
        ...(revision.premise ? { premise: revision.premise } : {}),
      })
      .where(and(eq(priceQuotes.notificationId, row.id), eq(priceQuotes.seqNum, 1)));
  }
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
  gdsNow: Date = now,
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
    gdsRaisedAt: gdsNow,
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
    savingKind: candidate.savingKind,
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
    // The first quote is the offer the alert makes; its premise is judged again at each check.
    premise: quote.seq_num === 1 ? (candidate.premise ?? null) : null,
  }));
}

/**
 * Writes what the detectors found for one booking. A candidate whose dedupe key the booking
 * already has is skipped, so running a check twice raises nothing twice; what a new one
 * supersedes leaves the pending lists. Answers the notifications made.
 */
export async function writeCandidates(
  tx: Db,
  booking: NotifiedBooking,
  candidates: Candidate[],
  now: Date,
  gdsNow: Date = now,
): Promise<{ id: number; type: Candidate['type'] }[]> {
  const created: { id: number; type: Candidate['type'] }[] = [];
  for (const candidate of candidates) {
    const [row] = await tx
      .insert(notifications)
      .values(notificationRowOf(booking, candidate, now, gdsNow))
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
    await supersedeNotifications(tx, booking.id, candidate.supersedes, now);
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

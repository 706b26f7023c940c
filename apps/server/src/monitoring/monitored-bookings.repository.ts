import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { BOOKING_CHECKS_KEPT } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Owner } from './booking-owner';
import { REAL_TIME_GDS_IDS } from './connection-owners.repository';
import {
  agents,
  bookingChecks,
  bookings,
  bookingSnapshots,
  branches,
  notifications,
  priceQuotes,
} from '@/db/schema';
import type { GdsBooking } from '@/gds/gds-types';
import type { OtherBooking, PendingNotice, TravellerBooking } from './detectors/detector';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingColumns = Omit<
  typeof bookings.$inferInsert,
  'id' | 'createdAt' | 'agencyId' | 'branchId' | 'agentId' | 'gdsId' | 'pnrNumber'
>;

/** The agency, branch and agent a GDS booking belongs to, from its PCC and agent sign. */
export async function findOwner(db: Db, pcc: string, initials: string): Promise<Owner | null> {
  const [row] = await db
    .select({ agencyId: branches.agencyId, branchId: branches.id, agentId: agents.id })
    .from(branches)
    .innerJoin(agents, eq(agents.branchId, branches.id))
    .where(and(eq(branches.pcc, pcc), eq(agents.initials, initials)))
    .limit(1);
  return row ?? null;
}

export async function findBookingByLocator(db: Db, gdsId: string, locator: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.gdsId, gdsId), eq(bookings.pnrNumber, locator)))
    .limit(1);
  return row ?? null;
}

/** Records a booking the GDS told us of; due for a check at once. */
export async function insertBooking(
  db: Db,
  values: Owner & {
    gdsId: string;
    pnrNumber: string;
    connectionId?: number | null;
    providerBookingId?: string | null;
  } & BookingColumns,
): Promise<void> {
  await db.insert(bookings).values(values).onConflictDoNothing();
}

export async function markDue(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(bookings).set({ nextCheckAt: now }).where(inArray(bookings.id, ids));
}

/**
 * A booking taken for a check, with the version of its row the check started from: its
 * `updated_at` as PostgreSQL writes it, to the microsecond a Date would round away.
 */
export type ClaimedBooking = BookingRow & { version: string };

/**
 * Takes the booking for one check: nobody else may check it until the lease runs out (a
 * crashed worker's lease simply expires). Null when another worker holds it.
 */
export async function claimBooking(
  db: Db,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedBooking | null> {
  const [row] = await db
    .update(bookings)
    .set({ checkLeaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(bookings.id, id),
        or(isNull(bookings.checkLeaseUntil), lt(bookings.checkLeaseUntil, now)),
      ),
    )
    .returning({ ...getTableColumns(bookings), version: sql<string>`${bookings.updatedAt}::text` });
  return row ?? null;
}

/**
 * Locks the booking's row for the rest of `tx` if nothing wrote it since the check claimed it
 * at `version` (a ticketing, an agent's action): false when something did, and what the check
 * read from the GDS may be older than what the row now says.
 */
export async function holdUnchanged(tx: Db, id: number, version: string): Promise<boolean> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, id), sql`${bookings.updatedAt}::text = ${version}`))
    .for('update');
  return rows.length > 0;
}

/** Lets a claimed booking go, due again at `at`: its check was overtaken by a write. */
export async function releaseForRecheck(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ checkLeaseUntil: null, nextCheckAt: at })
    .where(eq(bookings.id, id));
}

/** Lets a claimed booking go with nothing checked and nothing recorded. */
export async function releaseBooking(db: Db, id: number): Promise<void> {
  await db.update(bookings).set({ checkLeaseUntil: null }).where(eq(bookings.id, id));
}

export type CheckRecord = Omit<typeof bookingChecks.$inferInsert, 'id' | 'bookingId'>;

/**
 * Ends a check: the booking's new columns, the check's record, and the booking's oldest
 * records beyond BOOKING_CHECKS_KEPT dropped, all in one statement, so recording costs no
 * round trip of its own.
 */
export async function finishCheck(
  db: Db,
  id: number,
  columns: Partial<BookingColumns>,
  check: CheckRecord,
): Promise<void> {
  const finished = db
    .update(bookings)
    // Any check that ends, well or not, answers a refresh someone asked for on My PNRs.
    .set({ ...columns, checkLeaseUntil: null, syncRequestedAt: null, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
  const recorded = db.insert(bookingChecks).values({ ...check, bookingId: id });
  // The delete sees the table as before the insert: it keeps KEPT - 1 old ones, and the new one.
  await db.execute(sql`
    with finished as ${finished}, recorded as ${recorded}
    delete from ${bookingChecks}
    where ${bookingChecks.bookingId} = ${id}
      and ${bookingChecks.checkedAt} <= (
        select c.checked_at from booking_checks c where c.booking_id = ${id}
        order by c.checked_at desc offset ${BOOKING_CHECKS_KEPT - 1} limit 1)`);
}

/**
 * Takes up to `limit` due bookings for the queue, pushing their next check out by `holdMs`
 * so another scheduler does not queue them too; the check sets the real next time.
 */
export async function claimDueBookings(
  db: Db,
  now: Date,
  limit: number,
  holdMs: number,
  /**
   * Whose bookings, by their system's clock: a provider on real time (Duffel) is claimed
   * apart from the simulator, whose clock runs ahead; absent, every booking.
   */
  of?: { realTime: boolean },
): Promise<number[]> {
  const provider =
    of === undefined
      ? undefined
      : of.realTime
        ? inArray(bookings.gdsId, [...REAL_TIME_GDS_IDS])
        : notInArray(bookings.gdsId, [...REAL_TIME_GDS_IDS]);
  const due = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.monitored, true),
        eq(bookings.isCancelled, false),
        eq(bookings.isFlown, false),
        lte(bookings.nextCheckAt, now),
        provider,
      ),
    )
    .orderBy(asc(bookings.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(bookings)
    .set({ nextCheckAt: new Date(now.getTime() + holdMs) })
    .where(inArray(bookings.id, due))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

export async function latestSnapshot(db: Db, booking: BookingRow) {
  if (booking.latestSnapshotId === null) return null;
  const [row] = await db
    .select()
    .from(bookingSnapshots)
    .where(eq(bookingSnapshots.id, booking.latestSnapshotId))
    .limit(1);
  return row ?? null;
}

export async function insertSnapshot(
  db: Db,
  values: typeof bookingSnapshots.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(bookingSnapshots)
    .values(values)
    .returning({ id: bookingSnapshots.id });
  if (!row) throw new Error('snapshot insert returned nothing');
  return row.id;
}

export async function pendingNotices(db: Db, bookingId: number): Promise<PendingNotice[]> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      dedupeKey: notifications.dedupeKey,
      titleMessage: notifications.titleMessage,
      potentialSaving: notifications.potentialSaving,
      payload: notifications.payload,
      data: notifications.data,
      premise: priceQuotes.premise,
      notificationTime: notifications.notificationTime,
      gdsRaisedAt: notifications.gdsRaisedAt,
      escalation: notifications.escalation,
    })
    .from(notifications)
    // A reprice's offer is its first quote; other types have none.
    .leftJoin(
      priceQuotes,
      and(eq(priceQuotes.notificationId, notifications.id), eq(priceQuotes.seqNum, 1)),
    )
    .where(
      and(
        eq(notifications.bookingId, bookingId),
        eq(notifications.subtype, 'Pending'),
        ne(notifications.status, 'DEL'),
      ),
    )
    .orderBy(desc(notifications.notificationTime));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    dedupeKey: row.dedupeKey,
    titleMessage: row.titleMessage,
    alerts: row.payload.alerts,
    raisedAt: (row.gdsRaisedAt ?? row.notificationTime).toISOString(),
    escalation: row.escalation,
    potentialSaving: row.potentialSaving,
    premise: row.premise,
    segmentIds: row.payload.segment_ids ?? [],
    oldFlights: row.data.sc?.oldFlights ?? [],
  }));
}

/** A part of a booking's latest snapshot, read alone: what a detector compares, not the whole. */
const snapshotPart = <T>(key: 'passengers' | 'segments' | 'history') =>
  // The key is one of three literals, written into the SQL as the operator's text operand.
  sql<T>`${bookingSnapshots.data}->${sql.raw(`'${key}'`)}`;

/** The booking's agency's other bookings. */
const otherAgencyBookings = (booking: Pick<BookingRow, 'id' | 'agencyId'>) =>
  and(eq(bookings.agencyId, booking.agencyId), ne(bookings.id, booking.id));

/**
 * The agency's other live bookings (watched, not cancelled, not departed) holding any of
 * `flights` (spelt as the `flights` column spells them), with the passengers and segments of
 * their latest snapshot: one query, on the partial index of live bookings' flights.
 */
export const otherLiveBookingsQuery = (
  db: Db,
  booking: Pick<BookingRow, 'id' | 'agencyId'>,
  flights: string[],
) =>
  db
    .select({
      locator: bookings.pnrNumber,
      createdAt: bookings.pnrCreatedAt,
      passengers: snapshotPart<GdsBooking['passengers']>('passengers'),
      segments: snapshotPart<GdsBooking['segments']>('segments'),
    })
    .from(bookings)
    .innerJoin(bookingSnapshots, eq(bookingSnapshots.id, bookings.latestSnapshotId))
    .where(
      and(
        otherAgencyBookings(booking),
        eq(bookings.monitored, true),
        eq(bookings.isCancelled, false),
        eq(bookings.isFlown, false),
        arrayOverlaps(bookings.flights, flights),
      ),
    )
    .orderBy(asc(bookings.pnrNumber));

export async function otherLiveBookings(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'agencyId'>,
  flights: string[],
): Promise<OtherBooking[]> {
  if (flights.length === 0) return [];
  const rows = await otherLiveBookingsQuery(db, booking, flights);
  return rows.map((row) => ({
    locator: row.locator,
    createdAt: row.createdAt.toISOString(),
    passengers: row.passengers.map(({ firstName, lastName }) => ({ firstName, lastName })),
    segments: row.segments.map(({ airline, flightNumber, departure, status }) => ({
      airline,
      flightNumber,
      departure,
      status,
    })),
  }));
}

/** At most this many of a passenger's other bookings are compared: the most recently made. */
const TRAVELLER_BOOKINGS_LIMIT = 50;

/**
 * The agency's other bookings holding any of `passengerKeys` (as `personKey` spells them)
 * whose flights have not all flown: live ones, and cancelled ones made since `since` (the
 * churning window), with what their latest snapshot says. One query, on the passenger keys'
 * GIN index within the agency (docs/decisions/063).
 */
export const travellerBookingsQuery = (
  db: Db,
  booking: Pick<BookingRow, 'id' | 'agencyId'>,
  passengerKeys: string[],
  since: Date,
) =>
  db
    .select({
      locator: bookings.pnrNumber,
      createdAt: bookings.pnrCreatedAt,
      isCancelled: bookings.isCancelled,
      passengers: snapshotPart<GdsBooking['passengers']>('passengers'),
      segments: snapshotPart<GdsBooking['segments']>('segments'),
      history: snapshotPart<GdsBooking['history'] | null>('history'),
    })
    .from(bookings)
    .innerJoin(bookingSnapshots, eq(bookingSnapshots.id, bookings.latestSnapshotId))
    .where(
      and(
        otherAgencyBookings(booking),
        arrayOverlaps(bookings.passengerKeys, passengerKeys),
        eq(bookings.isFlown, false),
        or(not(bookings.isCancelled), gte(bookings.pnrCreatedAt, since)),
      ),
    )
    .orderBy(desc(bookings.pnrCreatedAt), asc(bookings.pnrNumber))
    .limit(TRAVELLER_BOOKINGS_LIMIT);

export async function travellerBookings(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'agencyId'>,
  passengerKeys: string[],
  since: Date,
): Promise<TravellerBooking[]> {
  if (passengerKeys.length === 0) return [];
  const rows = await travellerBookingsQuery(db, booking, passengerKeys, since);
  return rows.map((row) => ({
    locator: row.locator,
    createdAt: row.createdAt.toISOString(),
    isCancelled: row.isCancelled,
    passengers: row.passengers.map(({ firstName, lastName }) => ({ firstName, lastName })),
    segments: row.segments.map(
      ({ airline, flightNumber, from, to, departure, arrival, departsAt, arrivesAt, status }) => ({
        airline,
        flightNumber,
        from,
        to,
        departure,
        arrival,
        departsAt,
        arrivesAt,
        status,
      }),
    ),
    history: row.history ?? [],
  }));
}

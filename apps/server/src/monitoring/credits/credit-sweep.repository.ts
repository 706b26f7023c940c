import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { REAL_TIME_GDS_IDS } from '../connection-owners.repository';
import type { Db } from '@/db/client';
import { bookings, bookingSnapshots, credits, notifications, processSettings } from '@/db/schema';
import { withdrawnMessage } from '../notification-writer';
import { creditWarningKey } from './credit-warning';

/**
 * Whose credits, by the clock of the booking's system: a provider on real time (Duffel) is
 * swept apart from the simulator, whose clock runs ahead, as their bookings are claimed.
 */
export type CreditClock = { realTime: boolean };

// Every query reads open credits by date on the partial index credits_open_expiry_idx, and
// looks each one's booking up by its key.
const ofClock = (db: Db, clock: CreditClock) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, credits.bookingId),
          clock.realTime
            ? inArray(bookings.gdsId, [...REAL_TIME_GDS_IDS])
            : notInArray(bookings.gdsId, [...REAL_TIME_GDS_IDS]),
        ),
      ),
  );

/**
 * Open credits whose last day is before `today` become expired, and a warning of one still
 * pending is withdrawn: there is nothing left to use. Answers their ids.
 */
export async function expireCredits(
  db: Db,
  clock: CreditClock,
  today: string,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(credits)
      .set({ state: 'expired', closedAt: now, updatedAt: now })
      .where(and(eq(credits.state, 'open'), lt(credits.expiresOn, today), ofClock(tx, clock)))
      .returning({ id: credits.id, bookingId: credits.bookingId });
    for (const credit of rows) {
      await withdrawCreditWarning(tx, credit, 'the credit expired unused', now);
    }
    return rows.map((row) => row.id);
  });
}

/**
 * A credit's warning still pending is withdrawn with its reason, as a check withdraws an
 * alert whose premise is gone (docs/decisions/060): the credit expired, or was used.
 */
export async function withdrawCreditWarning(
  db: Db,
  credit: { id: number; bookingId: number },
  reason: string,
  now: Date,
): Promise<void> {
  await db
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
        eq(notifications.bookingId, credit.bookingId),
        eq(notifications.dedupeKey, creditWarningKey(credit.id)),
        eq(notifications.subtype, 'Pending'),
      ),
    );
}

export type CreditToWarn = Awaited<ReturnType<typeof creditsToWarn>>[number];

/**
 * A page of open credits not yet warned of whose last day falls from `today` to `until`, with
 * their booking, after the credit `after` in (expiry, id) order.
 */
export async function creditsToWarn(
  db: Db,
  clock: CreditClock,
  today: string,
  until: string,
  limit: number,
  after?: { expiresOn: string; id: number },
) {
  return db
    .select({
      id: credits.id,
      agencyId: credits.agencyId,
      branchId: credits.branchId,
      agentId: credits.agentId,
      bookingId: credits.bookingId,
      passengerName: credits.passengerName,
      airline: credits.airline,
      amountCents: credits.amountCents,
      currency: credits.currency,
      expiresOn: credits.expiresOn,
      reference: credits.reference,
      warnedAt: credits.warnedAt,
      pnrNumber: bookings.pnrNumber,
      isTicketed: bookings.isTicketed,
      isCancelled: bookings.isCancelled,
      latestSnapshotId: bookings.latestSnapshotId,
    })
    .from(credits)
    .innerJoin(bookings, eq(bookings.id, credits.bookingId))
    .where(
      and(
        eq(credits.state, 'open'),
        gte(credits.expiresOn, today),
        lte(credits.expiresOn, until),
        isNull(credits.warnedAt),
        ofClock(db, clock),
        after
          ? or(
              gt(credits.expiresOn, after.expiresOn),
              and(eq(credits.expiresOn, after.expiresOn), gt(credits.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(credits.expiresOn), asc(credits.id))
    .limit(limit);
}

/** The booking as its reservation system last gave it; null before it was first read. */
export async function snapshotData(db: Db, snapshotId: number | null) {
  if (snapshotId === null) return null;
  const [row] = await db
    .select({ data: bookingSnapshots.data })
    .from(bookingSnapshots)
    .where(eq(bookingSnapshots.id, snapshotId));
  return row?.data ?? null;
}

/**
 * Marks the credit warned of at `now`, if it is still open and was not: answers whether this
 * caller did, so that of two sweeps at once only one raises its warning.
 */
export async function claimWarning(db: Db, creditId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(credits)
    .set({ warnedAt: now, updatedAt: now })
    .where(and(eq(credits.id, creditId), eq(credits.state, 'open'), isNull(credits.warnedAt)))
    .returning({ id: credits.id });
  return rows.length > 0;
}

/**
 * The warning days each branch's reprice row asks for, as stored (the default row's too): the
 * sweep reads no further ahead than the longest of them.
 */
export async function storedWarningDays(db: Db): Promise<unknown[]> {
  const rows = await db
    .select({ days: sql<unknown>`${processSettings.params} -> 'creditWarningDays'` })
    .from(processSettings)
    .where(eq(processSettings.process, 'RP'));
  return rows.map((row) => row.days);
}

import type { CreditFilter, CreditState } from '@smt/shared';
import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { agents, bookings, credits } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

// The credits ledger's queries. Every read of the Credits page takes the caller's scope, on the
// credit's own agency, branch and agent columns (the booking's), as the notification lists do.

export type NewCredit = Omit<
  typeof credits.$inferInsert,
  'id' | 'state' | 'warnedAt' | 'closedAt' | 'createdAt' | 'updatedAt'
>;

/**
 * Records credits, each once: a credit its action or provider record made before (the same
 * notification and passenger, or the same airline reference in the agency) is left as it is.
 * The ids of those recorded now.
 */
export async function insertCredits(tx: Db, rows: NewCredit[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(credits)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: credits.id });
  return inserted.map((row) => row.id);
}

const inCallerScope = (scope: Scope) =>
  inScope(scope, { agency: credits.agencyId, branch: credits.branchId, agent: credits.agentId });

/** LIKE's own wildcards in a typed text are only themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterOf(scope: Scope, filter: CreditFilter): SQL | undefined {
  return and(
    inCallerScope(scope),
    filter.state ? eq(credits.state, filter.state) : undefined,
    filter.airline ? eq(credits.airline, filter.airline) : undefined,
    filter.passenger ? ilike(credits.passengerName, likeText(filter.passenger)) : undefined,
    filter.expiresFrom ? gte(credits.expiresOn, filter.expiresFrom) : undefined,
    filter.expiresTo ? lte(credits.expiresOn, filter.expiresTo) : undefined,
  );
}

const itemColumns = {
  id: credits.id,
  bookingId: credits.bookingId,
  passengerName: credits.passengerName,
  airline: credits.airline,
  amountCents: credits.amountCents,
  currency: credits.currency,
  expiresOn: credits.expiresOn,
  state: credits.state,
  source: credits.source,
  pnrNumber: bookings.pnrNumber,
  agentName: agents.name,
  reference: credits.reference,
  createdAt: credits.createdAt,
  closedAt: credits.closedAt,
};

const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(credits)
    .innerJoin(bookings, eq(bookings.id, credits.bookingId))
    .innerJoin(agents, eq(agents.id, credits.agentId));

export type CreditRow = Awaited<ReturnType<typeof selectItems>>[number];

// Soonest to expire first; a credit with no known last day after those with one.
const LIST_ORDER = [sql`${credits.expiresOn} asc nulls last`, asc(credits.id)];

/** One page of the caller's credits the filter finds, and how many it finds in all. */
export async function findCreditPage(
  db: Db,
  scope: Scope,
  filter: CreditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CreditRow[]; total: number }> {
  const where = filterOf(scope, filter);
  const [rows, [counted]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(...LIST_ORDER)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(credits).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every credit the filter finds, in list order, a page at a time so memory stays flat. */
export async function* allCreditRows(
  db: Db,
  scope: Scope,
  filter: CreditFilter,
  pageSize = 500,
): AsyncGenerator<CreditRow> {
  const where = filterOf(scope, filter);
  for (let offset = 0; ; offset += pageSize) {
    const rows = await selectItems(db)
      .where(where)
      .orderBy(...LIST_ORDER)
      .offset(offset)
      .limit(pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

/** One credit as the list shows it, or null when it is not inside the scope. */
export async function findCreditInScope(db: Db, scope: Scope, id: number) {
  const [row] = await selectItems(db)
    .where(and(eq(credits.id, id), inCallerScope(scope)))
    .limit(1);
  return row ?? null;
}

/** Marks a credit used or open again; when it was closed goes with it. */
export async function updateCreditState(
  tx: Db,
  id: number,
  change: { state: CreditState; closedAt: Date | null; now: Date },
): Promise<void> {
  await tx
    .update(credits)
    .set({ state: change.state, closedAt: change.closedAt, updatedAt: change.now })
    .where(eq(credits.id, id));
}

/**
 * The caller's bookings of a locator, newest first, with what a credit entered on one takes
 * from it: where it sits and its passengers as it names them.
 */
export async function findBookingsByLocator(db: Db, scope: Scope, pnrNumber: string) {
  return db
    .select({
      id: bookings.id,
      agencyId: bookings.agencyId,
      branchId: bookings.branchId,
      agentId: bookings.agentId,
      passengers: bookings.passengers,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.pnrNumber, pnrNumber),
        inScope(scope, {
          agency: bookings.agencyId,
          branch: bookings.branchId,
          agent: bookings.agentId,
        }),
      ),
    )
    .orderBy(desc(bookings.pnrCreatedAt), desc(bookings.id))
    .limit(5);
}

export type AvailableRow = {
  booking_id: number;
  airline: string;
  amount_cents: number | string;
  currency: string;
  passenger_name: string;
  expires_on: string | null;
};

/**
 * The agency's open credits that each of the given bookings could use, in one query: held by
 * one of its passengers (bookings.passenger_keys against credits_passenger_idx) with an airline
 * it flies (its first flight's, or any flight's code), and not yet past their last day. A
 * credit is not offered on the booking it came from.
 */
export async function findAvailableCredits(
  db: Db,
  bookingIds: number[],
  today: string,
): Promise<AvailableRow[]> {
  if (bookingIds.length === 0) return [];
  const ids = sql.join(
    [...new Set(bookingIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<AvailableRow>(
    db,
    sql`select b.id as booking_id, c.airline, c.amount_cents, c.currency, c.passenger_name,
               c.expires_on::text as expires_on
          from ${bookings} b
          join ${credits} c
            on c.agency_id = b.agency_id
           and c.state = 'open'
           and c.passenger_key = any(b.passenger_keys)
           and (c.airline = b.carrier_code
                or exists (select 1 from unnest(b.flights) f where left(f, 2) = c.airline))
           and c.booking_id <> b.id
           and (c.expires_on is null or c.expires_on >= ${today}::date)
         where b.id in (${ids})
         order by b.id, c.expires_on asc nulls last, c.id`,
  );
}

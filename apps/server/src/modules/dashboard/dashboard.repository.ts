import {
  PANEL_GROUPS,
  type CreditState,
  type MoneyKind,
  type NotificationType,
  type OrganisationLevel,
  type PanelGroup,
} from '@smt/shared';
import { and, eq, inArray, isNotNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, agents, bookings, branches, credits, notifications } from '@/db/schema';
import { notDeleted } from '@/modules/notifications/notification-list.query';

// The dashboard's aggregates (docs/decisions/015): each figure is one grouped query over the
// notifications joined to their bookings, split by currency where it sums money so the service
// can keep to one currency.

const n = notifications;
const b = bookings;

const isReprice = eq(n.type, 'Reprice');
const executed = sql`${isReprice} and ${n.actualSaving} is not null`;
/** A reprice's kind of money, cash where it was kept before kinds were; none for other types. */
// Written out, not `isReprice`: grouped by, it must be the very text selected, and a bound
// parameter would make the two differ.
const savingKind = sql<MoneyKind | null>`case when ${n.type} = 'Reprice'
  then coalesce(${n.savingKind}, 'cash') end`;

/** A condition over notifications (as `notifications`) and their bookings (as `bookings`). */
export type RowFilter = SQL;

/**
 * One currency and kind's share of what a figure sums; `reprices` decides the currency of
 * SPEC's single-figure fields.
 */
export type CurrencyTally = { currency: string | null; kind: MoneyKind | null; reprices: number };

const count = (condition?: SQL) =>
  condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`;
const total = (amount: SQL | Column) => sql<number>`coalesce(sum(${amount}), 0)::float8`;

export type SavingTally = CurrencyTally & {
  potential: number;
  potentialCount: number;
  actual: number;
  actualCount: number;
};

const savingColumns = {
  currency: n.currency,
  kind: savingKind,
  reprices: count(),
  potential: total(n.potentialSaving),
  potentialCount: count(),
  actual: total(n.actualSaving),
  actualCount: count(executed),
};

/** The reprices among the rows per currency: raised (potential) and executed (actual). */
export async function savingTallies(db: Db, filter: RowFilter): Promise<SavingTally[]> {
  return db
    .select(savingColumns)
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .where(and(filter, notDeleted, isReprice))
    .groupBy(n.currency, savingKind);
}

/** The same per month ('yyyy-MM') of the instant given, a column of either table. */
export async function savingTalliesByMonth(
  db: Db,
  filter: RowFilter,
  instant: SQL,
): Promise<(SavingTally & { month: string })[]> {
  const month = sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ ...savingColumns, month })
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .where(and(filter, notDeleted, isReprice))
    .groupBy(month, n.currency, savingKind);
}

export type EntityTally = CurrencyTally & {
  entityId: number;
  entityName: string;
  group: PanelGroup;
  total: number;
  completed: number;
  potential: number;
  actual: number;
};

const ENTITY_OF_LEVEL = {
  Agency: { table: agencies, id: agencies.id, name: agencies.name, of: n.agencyId },
  Branch: { table: branches, id: branches.id, name: branches.name, of: n.branchId },
  Agent: { table: agents, id: agents.id, name: agents.name, of: n.agentId },
} as const;

/** Per agency, branch or agent (the level) and panel group: all, completed, and savings. */
export async function entityTallies(
  db: Db,
  filter: RowFilter,
  level: OrganisationLevel,
): Promise<EntityTally[]> {
  const entity = ENTITY_OF_LEVEL[level];
  const group = sql<PanelGroup>`${n.group}`;
  return db
    .select({
      entityId: entity.id,
      entityName: entity.name,
      group,
      currency: n.currency,
      kind: savingKind,
      reprices: count(isReprice),
      total: count(),
      completed: count(eq(n.subtype, 'Complete')),
      potential: total(sql`case when ${isReprice} then ${n.potentialSaving} end`),
      actual: total(sql`case when ${executed} then ${n.actualSaving} end`),
    })
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .innerJoin(entity.table, eq(entity.id, entity.of))
    .where(and(filter, notDeleted, inArray(n.group, [...PANEL_GROUPS])))
    .groupBy(entity.id, entity.name, n.group, n.currency, savingKind);
}

export type KeyedSaving = CurrencyTally & { key: string; saving: number };

/** What executed reprices saved per airline (the booking's carrier) and currency. */
export async function actualSavingPerAirline(db: Db, filter: RowFilter): Promise<KeyedSaving[]> {
  return db
    .select({
      key: sql<string>`${b.carrierCode}`,
      currency: n.currency,
      kind: savingKind,
      reprices: count(),
      saving: total(n.actualSaving),
    })
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .where(and(filter, notDeleted, executed, isNotNull(b.carrierCode)))
    .groupBy(b.carrierCode, n.currency, savingKind);
}

/** The potential saving of reprices per customer number of their booking and currency. */
export async function potentialSavingPerCustomerNumber(
  db: Db,
  filter: RowFilter,
): Promise<KeyedSaving[]> {
  return db
    .select({
      key: sql<string>`${b.customerNumber}`,
      currency: n.currency,
      kind: savingKind,
      reprices: count(),
      saving: total(n.potentialSaving),
    })
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .where(and(filter, notDeleted, isReprice, isNotNull(b.customerNumber)))
    .groupBy(b.customerNumber, n.currency, savingKind);
}

/** Notifications of the given types per airline of their booking. */
export async function countPerAirline(
  db: Db,
  filter: RowFilter,
  types: readonly NotificationType[],
): Promise<{ airline: string; count: number }[]> {
  return db
    .select({ airline: sql<string>`${b.carrierCode}`, count: count() })
    .from(n)
    .innerJoin(b, eq(b.id, n.bookingId))
    .where(and(filter, notDeleted, inArray(n.type, [...types]), isNotNull(b.carrierCode)))
    .groupBy(b.carrierCode);
}

/** Bookings with (young) and without (old) a current price quote. */
export async function pnrPriceData(
  db: Db,
  filter: SQL,
): Promise<{ youngCnt: number; oldCnt: number }> {
  const [row] = await db
    .select({
      youngCnt: count(isNotNull(b.currentPrice)),
      oldCnt: count(sql`${b.currentPrice} is null`),
    })
    .from(b)
    .where(filter);
  return row ?? { youngCnt: 0, oldCnt: 0 };
}

export type CreditTally = { currency: string; state: CreditState; count: number; amount: number };

/**
 * The credits among the rows (a condition over `credits` and their `bookings`) per currency
 * and state, amounts summed in cents so they stay exact.
 */
export async function creditTallies(db: Db, filter: SQL): Promise<CreditTally[]> {
  return db
    .select({
      currency: credits.currency,
      state: credits.state,
      count: count(),
      amount: sql<number>`coalesce(sum(${credits.amountCents}::float8), 0) / 100`,
    })
    .from(credits)
    .innerJoin(b, eq(b.id, credits.bookingId))
    .where(filter)
    .groupBy(credits.currency, credits.state);
}

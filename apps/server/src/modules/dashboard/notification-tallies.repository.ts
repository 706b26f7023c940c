import {
  addUtcDays,
  type MoneyKind,
  type NotificationType,
  type OrganisationLevel,
  PANEL_GROUPS,
  type PanelGroup,
  utcDayOf,
} from '@smt/shared';
import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  agencies,
  agents,
  bookingTallies,
  branches,
  notificationTallies,
  type TallyKind,
  type TallyLevel,
} from '@/db/schema';
import type { EntityTally, KeyedSaving, SavingTally } from './dashboard.repository';

// The dashboard's aggregates read from the tallies the database keeps (docs/decisions/016):
// the same answers as the repository's queries over the notifications, from a few rows per
// agent and month instead of every notification.

const t = notificationTallies;

/** A range of whole days, 'yyyy-MM-dd' both ends included. */
export type DayRange = { from: string; to: string };

const dayAfter = (day: string) => addUtcDays(day, 1);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const firstOfNextMonth = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return utcDayOf(Date.UTC(year, month, 1));
};

/**
 * The rows of one kind and level covering a range exactly: the month rows of the months
 * wholly inside it, and the day rows of the days before and after them.
 */
export function tallyRows(kind: TallyKind, level: TallyLevel, range: DayRange): SQL {
  const wholeFrom =
    range.from === firstOfMonth(range.from) ? range.from : firstOfNextMonth(range.from);
  const after = dayAfter(range.to);
  const wholeUntil = firstOfMonth(after);
  const days = (from: string, until: string) =>
    sql`(${t.grain} = 'D' and ${t.period} >= ${from} and ${t.period} < ${until})`;
  const periods =
    wholeFrom < wholeUntil
      ? sql`(${t.grain} = 'M' and ${t.period} >= ${wholeFrom} and ${t.period} < ${wholeUntil})
          or ${days(range.from, wholeFrom)} or ${days(wholeUntil, after)}`
      : days(range.from, after);
  return sql`${t.kind} = ${kind} and ${t.level} = ${level} and (${periods})`;
}

const total = (column: SQL | Column) => sql<number>`coalesce(sum(${column}), 0)::int`;
// Summed as doubles, exact for whole cents up to 2^53, and much cheaper than numeric.
const money = (cents: Column) => sql<number>`coalesce(sum(${cents}::float8), 0) / 100`;
/**
 * Differences not folded yet may cancel out to a key with nothing in it, which the queries
 * over the notifications would not answer.
 */
const counted = (column: Column) => sql`sum(${column}) <> 0`;
const currency = sql<string | null>`nullif(${t.currency}, '')`;
const kind = sql<MoneyKind | null>`nullif(${t.savingKind}, '')`;

const savingColumns = {
  currency,
  kind,
  reprices: total(t.notifications),
  potential: money(t.potentialCents),
  potentialCount: total(t.notifications),
  actual: money(t.actualCents),
  actualCount: total(t.executed),
};

/** As `savingTallies`: the reprices of the rows, per currency. */
export async function talliedSavings(db: Db, rows: SQL): Promise<SavingTally[]> {
  return db
    .select(savingColumns)
    .from(t)
    .where(and(rows, eq(t.type, 'Reprice')))
    .groupBy(t.currency, t.savingKind);
}

/** As `savingTalliesByMonth`, by the month of the rows' period. */
export async function talliedSavingsByMonth(
  db: Db,
  rows: SQL,
): Promise<(SavingTally & { month: string })[]> {
  const month = sql<string>`to_char(${t.period}, 'YYYY-MM')`;
  return db
    .select({ ...savingColumns, month })
    .from(t)
    .where(and(rows, eq(t.type, 'Reprice')))
    .groupBy(month, t.currency, t.savingKind);
}

const ENTITY_OF_LEVEL = {
  Agency: { table: agencies, id: agencies.id, name: agencies.name, of: t.agencyId },
  Branch: { table: branches, id: branches.id, name: branches.name, of: t.branchId },
  Agent: { table: agents, id: agents.id, name: agents.name, of: t.agentId },
} as const;

/** As `entityTallies`. */
export async function talliedEntities(
  db: Db,
  rows: SQL,
  level: OrganisationLevel,
): Promise<EntityTally[]> {
  const entity = ENTITY_OF_LEVEL[level];
  return db
    .select({
      entityId: entity.id,
      entityName: entity.name,
      group: sql<PanelGroup>`${t.group}`,
      currency,
      kind,
      reprices: total(sql`case when ${t.type} = 'Reprice' then ${t.notifications} end`),
      total: total(t.notifications),
      completed: total(t.completed),
      potential: money(t.potentialCents),
      actual: money(t.actualCents),
    })
    .from(t)
    .innerJoin(entity.table, eq(entity.id, entity.of))
    .where(and(rows, inArray(t.group, [...PANEL_GROUPS])))
    .groupBy(entity.id, entity.name, t.group, t.currency, t.savingKind)
    .having(counted(t.notifications));
}

/** As `actualSavingPerAirline`, from the `airline` kind's rows. */
export async function talliedActualSavingPerAirline(db: Db, rows: SQL): Promise<KeyedSaving[]> {
  return db
    .select({
      key: t.key,
      currency,
      kind,
      reprices: total(t.executed),
      saving: money(t.actualCents),
    })
    .from(t)
    .where(and(rows, eq(t.type, 'Reprice')))
    .groupBy(t.key, t.currency, t.savingKind)
    .having(counted(t.executed));
}

/** As `potentialSavingPerCustomerNumber`, from the `customer` kind's rows. */
export async function talliedPotentialSavingPerCustomerNumber(
  db: Db,
  rows: SQL,
): Promise<KeyedSaving[]> {
  return db
    .select({
      key: t.key,
      currency,
      kind,
      reprices: total(t.notifications),
      saving: money(t.potentialCents),
    })
    .from(t)
    .where(rows)
    .groupBy(t.key, t.currency, t.savingKind)
    .having(counted(t.notifications));
}

/** As `countPerAirline`, from the `airline` kind's rows. */
export async function talliedCountPerAirline(
  db: Db,
  rows: SQL,
  types: readonly NotificationType[],
): Promise<{ airline: string; count: number }[]> {
  return db
    .select({ airline: t.key, count: total(t.notifications) })
    .from(t)
    .where(and(rows, inArray(t.type, [...types])))
    .groupBy(t.key)
    .having(counted(t.notifications));
}

/** As `pnrPriceData`, from the booking tallies of the rows given. */
export async function talliedPnrPriceData(
  db: Db,
  rows: SQL,
): Promise<{ youngCnt: number; oldCnt: number }> {
  const [row] = await db
    .select({
      youngCnt: total(bookingTallies.priced),
      oldCnt: total(bookingTallies.unpriced),
    })
    .from(bookingTallies)
    .where(rows);
  return row ?? { youngCnt: 0, oldCnt: 0 };
}

/** The booking tallies of bookings departing within a range of days. */
export const departingWithin = (range: DayRange): SQL =>
  sql`${bookingTallies.departureDay} >= ${range.from} and ${bookingTallies.departureDay} <= ${range.to}`;

/** Notifications per type. */
export async function talliedCountPerType(
  db: Db,
  rows: SQL,
): Promise<{ type: NotificationType; count: number }[]> {
  return db
    .select({ type: t.type, count: total(t.notifications) })
    .from(t)
    .where(rows)
    .groupBy(t.type)
    .having(counted(t.notifications));
}

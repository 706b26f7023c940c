import { PANEL_GROUPS, type HomeData } from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '@/db/client';

// Home data counted straight from the notifications table, never from the month tallies home
// reads: what home.service.test.ts and home.routes.test.ts compare the answers with.

/** The home data of the notifications `where` selects, as SPEC §2.3 counts it. */
export async function homeDataBySql(db: Db, where: SQL): Promise<HomeData> {
  const pending = sql`subtype = 'Pending' and status <> 'DEL' and (${where})`;
  const counts = await queryRows<{ group: string; new: number; pending: number }>(
    db,
    sql`select "group", count(*) filter (where status in ('NEW', 'READY'))::int as new,
          count(*)::int as pending
        from notifications where ${pending} group by "group"`,
  );
  const [top] = await queryRows<{ currency: string }>(
    db,
    sql`select currency from notifications
        where ${pending} and "group" = 'REPRICE' and currency is not null
        group by currency order by count(*) desc, currency limit 1`,
  );
  const currency = top?.currency ?? null;
  // SPEC's single amount: the cash of that currency; a reprice without a kind is cash.
  const [saving] = await queryRows<{ amount: number }>(
    db,
    sql`select coalesce(sum(potential_saving), 0)::float8 as amount from notifications
        where ${pending} and "group" = 'REPRICE' and currency = ${currency}
          and coalesce(saving_kind, 'cash') = 'cash'`,
  );
  // Cash and airline credit of each currency apart, cash first ('cash' < 'credit').
  const perCurrency = await queryRows<{
    currency: string;
    kind: 'cash' | 'credit';
    amount: number;
  }>(
    db,
    sql`select currency, coalesce(saving_kind, 'cash') as kind,
          sum(potential_saving)::float8 as amount from notifications
        where ${pending} and "group" = 'REPRICE' and currency is not null
        group by 1, 2 order by 1, 2`,
  );
  return {
    byGroup: PANEL_GROUPS.map((group) => {
      const row = counts.find((count) => count.group === group);
      return {
        group,
        new: row?.new ?? 0,
        pending: row?.pending ?? 0,
        amount: group === 'REPRICE' ? (saving?.amount ?? 0) : 0,
        amounts: group === 'REPRICE' ? perCurrency : [],
      };
    }),
    currency,
  };
}

/** Asserts home data equals what was counted, its sums to the cent. */
export function expectHomeData(body: HomeData, expected: HomeData): void {
  expect(body.currency).toBe(expected.currency);
  expect(body.byGroup.map((g) => g.group)).toEqual([...PANEL_GROUPS]);
  body.byGroup.forEach((group, index) => {
    const want = expected.byGroup[index];
    expect({ ...group, amount: 0, amounts: [] }).toEqual({ ...want, amount: 0, amounts: [] });
    expect(group.amount).toBeCloseTo(want?.amount ?? 0, 2);
    // Every currency and kind of the pending reprices, each summed on its own.
    expect(group.amounts.map(({ currency, kind }) => [currency, kind])).toEqual(
      want?.amounts.map(({ currency, kind }) => [currency, kind]),
    );
    group.amounts.forEach((each, at) => {
      expect(each.amount).toBeCloseTo(want?.amounts[at]?.amount ?? 0, 2);
    });
  });
}

import {
  DASHBOARD_CALLS,
  DAY_MS,
  GROUP_LABEL,
  MONEY_KIND_LABEL,
  NOTIFICATION_REPORTS,
  SAVING_REPORTS,
  type AdmPerAirlineResponse,
  type AirlineSavingResponse,
  type CompletedVsTotalResponse,
  type CustomerNumberSavingResponse,
  type MonthlyStatResponse,
  type MoneyKind,
  type PnrPriceData,
  type SavingPeriodsResponse,
  type SavingTotals,
  utcDayOf,
} from '@smt/shared';
import ExcelJS from 'exceljs';
import { T0 } from '@/gds/simulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { callAs, expectError, type Caller } from '../notifications/notification-list.test-helpers';

type Cell = string | number | null;

/** A Kind cell as the files write it. */
const word = ({ kind }: { kind: MoneyKind }) => MONEY_KIND_LABEL[kind];

/** The sheet's title, header and rows as plain values. */
async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the file has no sheet');
  const values: Cell[][] = [];
  sheet.eachRow((row) => {
    values.push((row.values as Cell[]).slice(1).map((value) => value ?? null));
  });
  const [[title] = [], header = [], ...rows] = values;
  return { title, header, rows };
}

describe.each(TEST_DATABASE_KINDS)('dashboard chart files on %s', (kind) => {
  let world: NotificationsWorld;
  /** The last week: the engine raised the world's notifications at the server's now. */
  let range = '';
  const ask = async (who: Caller, url: string) => {
    const separator = url.includes('?') ? '&' : '?';
    return callAs(world, who, { method: 'GET', url: `/api/${url}${separator}${range}` });
  };
  const json = async <T>(call: string, query = '') => {
    const res = await ask('superUser', `${call}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const xlsx = async (call: string, query: string) => {
    const res = await ask('superUser', `${call}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);
    return readXlsx(res.rawPayload);
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    const now = world.app.clock.now().getTime();
    const day = (offset: number) => utcDayOf(now + offset * DAY_MS);
    range = `notificationDateFrom=${day(-7)}&notificationDateTo=${day(0)}`;
  }, 240_000);
  afterAll(async () => world?.close());

  it('should hold the pending vs completed rows of the call, typed, under the filter', async () => {
    const { entries } = await json<CompletedVsTotalResponse>(DASHBOARD_CALLS.completedVsTotal);
    expect(entries.length).toBeGreaterThan(0);
    const file = await xlsx(DASHBOARD_CALLS.notificationsXls, 'report=PendingVsCompleted');
    expect(file.title).toBe(
      `Pending vs Completed: notifications ${range.slice(21, 31)} to ${range.slice(-10)}, whole scope`,
    );
    expect(file.header.slice(0, 5)).toEqual(['Name', 'Group', 'Total', 'Completed', 'Pending']);
    expect(file.rows.map((row) => row.slice(0, 5))).toEqual(
      entries.map((entry) => [
        entry.entityName,
        GROUP_LABEL[entry.msgGroup],
        entry.total,
        entry.completed,
        entry.total - entry.completed,
      ]),
    );

    const csv = await ask('superUser', `${DASHBOARD_CALLS.completedVsTotalCsv}`);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header?.slice(0, 5)).toEqual(['Name', 'Group', 'Total', 'Completed', 'Pending']);
    expect(rows.map((row) => row[0])).toEqual(entries.map((entry) => entry.entityName));
  });

  it('should hold the saving figures of each saving chart, a row per currency and kind', async () => {
    const totals = await json<SavingTotals>(DASHBOARD_CALLS.potentialVsActual);
    expect(totals.potentialCount).toBeGreaterThan(0);
    const both = await xlsx(DASHBOARD_CALLS.savingXls, 'report=PotentialVsActual');
    expect(both.header).toEqual(['Measure', 'Currency', 'Kind', 'Amount', 'Reprices']);
    expect(both.rows).toEqual(
      totals.byCurrency.flatMap((each) => [
        ['Potential saving', each.currency, word(each), each.potential, each.potentialCount],
        ['Actual Saving', each.currency, word(each), each.actual, each.actualCount],
      ]),
    );
    const potential = await xlsx(DASHBOARD_CALLS.savingXls, 'report=ActualSaving');
    expect(potential.title).toMatch(/^Potential Saving: /);
    expect(potential.rows).toEqual(
      totals.byCurrency.flatMap((each) => [
        ['Potential saving', each.currency, word(each), each.potential, each.potentialCount],
        ['Actual Saving', each.currency, word(each), each.actual, each.actualCount],
        // No count for what is left: the cell stays empty.
        [
          'Still to save',
          each.currency,
          word(each),
          Math.max(Math.round((each.potential - each.actual) * 100) / 100, 0),
        ],
      ]),
    );

    const { periods } = await json<SavingPeriodsResponse>(
      DASHBOARD_CALLS.potentialVsActualByPeriod,
    );
    const perPeriod = await xlsx(DASHBOARD_CALLS.savingXls, 'report=PotentialVsActualPerPeriod');
    expect(perPeriod.rows).toEqual(
      periods.flatMap((p) =>
        p.byCurrency.length === 0
          ? [[p.month, '', '', 0, 0, 0, 0]]
          : p.byCurrency.map((c) => [
              p.month,
              c.currency,
              word(c),
              c.potential,
              c.potentialCount,
              c.actual,
              c.actualCount,
            ]),
      ),
    );

    const airlines = await json<AirlineSavingResponse>(DASHBOARD_CALLS.savingPerAirline);
    const perAirline = await xlsx(DASHBOARD_CALLS.savingXls, 'report=ActualSavingPerAirline');
    expect(perAirline.rows).toEqual(
      airlines.byCurrency.flatMap((each) =>
        each.items.map((item) => [item.airline, each.currency, word(each), item.saving]),
      ),
    );

    const customers = await json<CustomerNumberSavingResponse>(
      DASHBOARD_CALLS.savingPerCustomerNumber,
    );
    const perCustomer = await xlsx(DASHBOARD_CALLS.savingXls, 'report=PotentialPerCustomerNumber');
    expect(perCustomer.rows).toEqual(
      customers.byCurrency.flatMap((each) =>
        each.items.map((item) => [item.customerNumber, each.currency, word(each), item.saving]),
      ),
    );
  });

  it('should hold each monthly chart as the monthly call answers it, amounts per currency', async () => {
    // The charts count departures up to the server's tomorrow, and the world's bookings leave
    // from T0 on: the server is put 60 days past T0, whatever the real date, so the world's
    // reprices fall inside the window. A session signed in at that time asks.
    const offset = world.app.clock.offset;
    world.app.clock.advance(T0 + 60 * DAY_MS - world.app.clock.now().getTime());
    const { headers } = await signIn(world.app, DEMO.superUser);
    const get = (url: string) => world.app.inject({ method: 'GET', url: `/api/${url}`, headers });
    const json = async <T>(call: string) => {
      const res = await get(call);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const xlsx = async (call: string, query: string) => {
      const res = await get(`${call}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return readXlsx(res.rawPayload);
    };
    try {
      await monthlyChartsHold(json, xlsx);
    } finally {
      world.app.clock.reset();
      world.app.clock.advance(offset);
    }
  });

  async function monthlyChartsHold(
    json: <T>(call: string) => Promise<T>,
    xlsx: (call: string, query: string) => ReturnType<typeof readXlsx>,
  ) {
    const stat = await json<MonthlyStatResponse>(DASHBOARD_CALLS.monthlyStat);
    expect(stat.months.some((month) => month.repricePotentialCount > 0)).toBe(true);
    const window = `departures ${stat.months[0]?.month} to ${stat.months.at(-1)?.month}`;
    for (const [report, figure] of [
      ['RepricePotential', 'potential'],
      ['RepriceActual', 'actual'],
    ] as const) {
      const file = await xlsx(DASHBOARD_CALLS.monthlyXls, `report=${report}`);
      expect(file.title).toMatch(new RegExp(`: ${window}, whole scope$`));
      expect(file.header).toEqual([
        'Month',
        'Currency',
        'Kind',
        figure === 'potential' ? 'Potential saving' : 'Actual Saving',
        'Notifications',
      ]);
      const countOf = figure === 'potential' ? 'potentialCount' : 'actualCount';
      // A month without reprices has a row with an empty currency.
      const rows = file.rows.filter((row) => row[1] !== '');
      expect(rows).toEqual(
        stat.months.flatMap((month) =>
          month.byCurrency
            .filter((each) => each[countOf] > 0)
            .map((each) => [month.month, each.currency, word(each), each[figure], each[countOf]]),
        ),
      );
      // Every month has a row, with or without reprices.
      expect([...new Set(file.rows.map((row) => row[0]))]).toEqual(
        stat.months.map((month) => month.month),
      );
    }
    const byType = await xlsx(DASHBOARD_CALLS.monthlyXls, 'report=NotificationsByType');
    expect(byType.rows.map((row) => row[1])).toEqual(stat.byType.map((entry) => entry.count));
    const prices = await xlsx(DASHBOARD_CALLS.monthlyXls, 'report=PnrPriceData');
    const { youngCnt, oldCnt } = stat.priceData;
    expect(prices.rows.map((row) => row.slice(0, 2))).toEqual([
      ['With price data', youngCnt],
      ['Without price data', oldCnt],
      ['Total', youngCnt + oldCnt],
    ]);
  }

  it('should refuse the monthly chart files to an agent and an unknown report', async () => {
    expectError(
      await ask('agent', `${DASHBOARD_CALLS.monthlyXls}?report=RepricePotential`),
      403,
      'FORBIDDEN',
    );
    expectError(
      await ask('superUser', `${DASHBOARD_CALLS.monthlyXls}?report=YoungPqs`),
      400,
      'BAD_REQUEST',
    );
  });

  it('should hold the ADM and price-data figures, and their CSV', async () => {
    for (const notifType of ['All', 'ADM', 'Cancellation']) {
      const { items } = await json<AdmPerAirlineResponse>(
        DASHBOARD_CALLS.admPerAirline,
        `notifType=${notifType}`,
      );
      const file = await xlsx(
        DASHBOARD_CALLS.notificationsXls,
        `report=AdmPerAirline&notifType=${notifType}`,
      );
      expect(file.title).toContain(`(${notifType})`);
      expect(file.rows).toEqual(items.map((item) => [item.airline, item.count]));
      const csv = await ask(
        'superUser',
        `${DASHBOARD_CALLS.admPerAirlineCsv}?notifType=${notifType}`,
      );
      expect(parseCsv(csv.body).slice(1)).toEqual(
        items.map((item) => [item.airline, String(item.count)]),
      );
    }
    const { youngCnt, oldCnt } = await json<PnrPriceData>(DASHBOARD_CALLS.youngPqs);
    expect(youngCnt + oldCnt).toBeGreaterThan(0);
    const prices = await xlsx(DASHBOARD_CALLS.notificationsXls, 'report=YoungPqs');
    expect(prices.rows.map((row) => row.slice(0, 2))).toEqual([
      ['With price data', youngCnt],
      ['Without price data', oldCnt],
      ['Total', youngCnt + oldCnt],
    ]);
  });

  it('should refuse an agent, an unknown report and a bad filter', async () => {
    for (const report of [...SAVING_REPORTS, ...NOTIFICATION_REPORTS]) {
      const call = (SAVING_REPORTS as readonly string[]).includes(report)
        ? DASHBOARD_CALLS.savingXls
        : DASHBOARD_CALLS.notificationsXls;
      expectError(await ask('agent', `${call}?report=${report}`), 403, 'FORBIDDEN');
    }
    expectError(
      await ask('superUser', `${DASHBOARD_CALLS.savingXls}?report=YoungPqs`),
      400,
      'BAD_REQUEST',
    );
    // More than six months back, which a manager may not look.
    const old = await callAs(world, 'manager', {
      method: 'GET',
      url: `/api/${DASHBOARD_CALLS.notificationsXls}?report=YoungPqs&notificationDateFrom=2020-01-01&notificationDateTo=2020-01-02`,
    });
    expectError(old, 400, 'BAD_REQUEST');
    expectError(await ask('agent', DASHBOARD_CALLS.completedVsTotalCsv), 403, 'FORBIDDEN');
  });
});

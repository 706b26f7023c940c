import {
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  DASHBOARD_CALLS,
  HomeData,
  NOTIFICATION_CALLS,
  SavingPeriodsResponse,
  SavingTotals,
  utcDayOf,
  type MoneyKind,
} from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings, branches, notifications, priceQuotes } from '@/db/schema';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// Issue 36 point 3 (docs/decisions/067): two ticketed bookings of agent AA in USD (their keys
// draw USD fares on two airlines), each filed again for half its price. One fare refunds the
// difference (cash), the other keeps it as airline credit. Both reprices are raised by the
// engine and approved through the real Approve; home, every saving figure of the dashboard and
// its files then show the credit as credit, beside the cash and never added to it.

const CHANGE_FEE = 25;

/** An AA booking ticketed three days ago whose fare the airline files again at half price. */
function ticketedBooking(key: string, residual: 'refund' | 'credit') {
  const record = testRecord({ key, agentInitials: 'AA' });
  const stored = record.booking.storedFare!;
  stored.penalties.change = { allowed: true, amount: CHANGE_FEE };
  stored.penalties.refund =
    residual === 'refund' ? { allowed: true, amount: 0 } : { allowed: false, amount: 0 };
  stored.penalties.residual = residual;
  Object.assign(record.booking, {
    isTicketed: true,
    ticketedAt: new Date(T0 - 3 * DAY).toISOString(),
    lastPurchaseAt: null,
  });
  record.drops = [
    {
      at: T0 - HOUR,
      until: T0 + 10 * DAY,
      kind: 'GENUINE',
      bookingClass: stored.flightClass,
      fareBasis: stored.fareBasis,
      factor: 0.5,
    },
  ];
  return record;
}

type Raised = { id: number; currency: string; net: number; carrier: string };

describe.each(TEST_DATABASE_KINDS)('cash and airline credit apart on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  const raised = {} as Record<MoneyKind, Raised>;
  let query = '';

  const as = async (person: DemoPerson, url: string) =>
    app.inject({ method: 'GET', url: `/api/${url}`, headers: (await signIn(app, person)).headers });
  const ok = async (person: DemoPerson, url: string) => {
    const res = await as(person, url);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 36, startAt: new Date(T0) }));
    const records = {
      cash: ticketedBooking('cash-a', 'refund'),
      credit: ticketedBooking('credit-c', 'credit'),
    };
    await sim.importBookings(Object.values(records));
    app = await buildApp({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      database,
      gds: sim,
      logger: false,
      webDistDir: '/nonexistent-smt-web-dist',
    });
    await app.ready();
    const deps: EngineDeps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    for (const money of ['cash', 'credit'] as const) {
      const [booking] = await database.db
        .select({ id: bookings.id, carrier: bookings.carrierCode })
        .from(bookings)
        .where(eq(bookings.pnrNumber, records[money].booking.locator));
      await checkBooking(deps, booking!.id);
      const [row] = await database.db
        .select({ id: notifications.id, savingKind: notifications.savingKind })
        .from(notifications)
        .where(and(eq(notifications.bookingId, booking!.id), eq(notifications.type, 'Reprice')));
      if (!row) throw new Error(`the engine raised no ${money} reprice`);
      expect(row.savingKind).toBe(money);
      const [quote] = await database.db
        .select()
        .from(priceQuotes)
        .where(eq(priceQuotes.notificationId, row.id));
      if (!quote?.saving) throw new Error(`the ${money} reprice has no saving`);
      expect(quote.saving.kind).toBe(money);
      raised[money] = {
        id: row.id,
        currency: quote.currency,
        net: quote.saving.net,
        carrier: booking!.carrier ?? '',
      };
    }
    const today = utcDayOf(app.clock.now());
    query = `type=Agent&id=${await agentIdOf()}&notificationDateFrom=${today}&notificationDateTo=${today}`;
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await database?.close();
  });

  const agentIdOf = async () => {
    const [row] = await database.db
      .select({ agentId: notifications.agentId })
      .from(notifications)
      .where(eq(notifications.id, raised.cash.id));
    return row!.agentId;
  };

  const approve = async (id: number) => {
    const { headers } = await signIn(app, DEMO.agent);
    const res = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers,
      payload: { notification_id: id, op_code: 'RP' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('should show home the pending cash and the pending credit apart, then neither once approved', async () => {
    const { cash, credit } = raised;
    // Half price, less the change fee of each ticket: both kinds in the same currency.
    expect(credit.currency).toBe(cash.currency);
    const before = HomeData.parse((await ok(DEMO.agent, NOTIFICATION_CALLS.userStats)).json());
    const reprice = before.byGroup.find((group) => group.group === 'REPRICE');
    expect(reprice?.amounts).toEqual([
      { currency: cash.currency, kind: 'cash', amount: cash.net },
      { currency: credit.currency, kind: 'credit', amount: credit.net },
    ]);
    // SPEC's single amount is the cash alone.
    expect(reprice?.amount).toBe(cash.net);

    await approve(cash.id);
    await approve(credit.id);
    const [done] = await database.db
      .select({ actualSaving: notifications.actualSaving, savingKind: notifications.savingKind })
      .from(notifications)
      .where(eq(notifications.id, credit.id));
    expect(done).toEqual({ actualSaving: credit.net, savingKind: 'credit' });
    const after = HomeData.parse((await ok(DEMO.agent, NOTIFICATION_CALLS.userStats)).json());
    expect(after.byGroup.find((group) => group.group === 'REPRICE')?.amounts).toEqual([]);
  });

  it('should count the approved credit reprice as actual credit, not cash, on every saving figure', async () => {
    const { cash, credit } = raised;
    const currency = cash.currency;
    const totals = SavingTotals.parse(
      (await ok(DEMO.manager, `${DASHBOARD_CALLS.potentialVsActual}?${query}`)).json(),
    );
    expect(totals.byCurrency).toEqual([
      {
        currency,
        kind: 'cash',
        potential: cash.net,
        actual: cash.net,
        potentialCount: 1,
        actualCount: 1,
      },
      {
        currency,
        kind: 'credit',
        potential: credit.net,
        actual: credit.net,
        potentialCount: 1,
        actualCount: 1,
      },
    ]);
    // SPEC §3's single figures: the cash, with the count of every reprice.
    expect(totals).toMatchObject({
      potential: cash.net,
      actual: cash.net,
      potentialCount: 2,
      actualCount: 2,
      currency,
    });

    const { periods } = SavingPeriodsResponse.parse(
      (await ok(DEMO.manager, `${DASHBOARD_CALLS.potentialVsActualByPeriod}?${query}`)).json(),
    );
    expect(periods.flatMap((period) => period.byCurrency)).toEqual(totals.byCurrency);

    const airlines = AirlineSavingResponse.parse(
      (await ok(DEMO.manager, `${DASHBOARD_CALLS.savingPerAirline}?${query}`)).json(),
    );
    expect(airlines.byCurrency).toEqual([
      { currency, kind: 'cash', items: [{ airline: cash.carrier, saving: cash.net }] },
      { currency, kind: 'credit', items: [{ airline: credit.carrier, saving: credit.net }] },
    ]);
    expect(airlines.items).toEqual([{ airline: cash.carrier, saving: cash.net }]);

    const entities = CompletedVsTotalResponse.parse(
      (await ok(DEMO.manager, `${DASHBOARD_CALLS.completedVsTotal}?${query}`)).json(),
    );
    const agent = entities.entries.find((entry) => entry.msgGroup === 'REPRICE');
    expect(agent).toMatchObject({ total: 2, completed: 2, potential: cash.net, actual: cash.net });
    expect(agent?.byCurrency).toEqual([
      { currency, kind: 'cash', potential: cash.net, actual: cash.net },
      { currency, kind: 'credit', potential: credit.net, actual: credit.net },
    ]);
    expect(entities.currencyKinds).toEqual([
      { currency, kind: 'cash' },
      { currency, kind: 'credit' },
    ]);
  });

  it('should write the credit as airline credit in the saving XLS and the Pending vs Completed CSV', async () => {
    const { cash, credit } = raised;
    const currency = cash.currency;
    const res = await ok(
      DEMO.manager,
      `${DASHBOARD_CALLS.savingXls}?report=PotentialVsActual&${query}`,
    );
    const workbook = new ExcelJS.Workbook();
    const body = res.rawPayload;
    await workbook.xlsx.load(
      body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    );
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(1)).toEqual([
      ['Measure', 'Currency', 'Kind', 'Amount', 'Reprices'],
      ['Potential saving', currency, 'cash', cash.net, 1],
      ['Actual Saving', currency, 'cash', cash.net, 1],
      ['Potential saving', currency, 'airline credit', credit.net, 1],
      ['Actual Saving', currency, 'airline credit', credit.net, 1],
    ]);

    const csv = await ok(DEMO.manager, `${DASHBOARD_CALLS.completedVsTotalCsv}?${query}`);
    const [header = [], ...lines] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header.slice(5)).toEqual([
      `Potential saving (${currency} cash)`,
      `Actual Saving (${currency} cash)`,
      `Potential saving (${currency} airline credit)`,
      `Actual Saving (${currency} airline credit)`,
    ]);
    const reprices = lines.find((line) => line[1] === 'Reprice');
    expect(reprices?.slice(5).map(Number)).toEqual([cash.net, cash.net, credit.net, credit.net]);
  });
});

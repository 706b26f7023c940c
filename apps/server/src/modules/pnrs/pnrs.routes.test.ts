import {
  DAY_MS,
  PNR_CALLS,
  PnrDetails,
  PnrListResponse,
  PnrUpdatesResponse,
  pnrStatusText,
  TicketingResponse,
  validationMessages as messages,
  type PnrListItem,
  type PnrListRequest,
  type PnrSortColumn,
  utcDayOf,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { parseCsv } from '../../../test/parse-csv';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import {
  callAs,
  demoIds,
  expectError,
  type Caller,
  type DemoIds,
} from '../notifications/notification-list.test-helpers';
import { countPnrs } from './pnr-list.repository';
import { ticketingRefusals } from './pnr-ticketing.service';
import { servicesOf } from '@/app';

const url = (call: string) => `/api/${call}`;

describe.each(TEST_DATABASE_KINDS)('My PNRs calls on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const list = async (who: Caller, body: PnrListRequest = {}) => {
    const res = await callAs(world, who, {
      method: 'POST',
      url: url(PNR_CALLS.list),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return PnrListResponse.parse(res.json());
  };

  /** Every row of a search, page by page. */
  const everyRow = async (who: Caller, body: PnrListRequest = {}) => {
    const rows: PnrListItem[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await list(who, { ...body, offset, chunk: 100 });
      rows.push(...page.pnrs);
      if (!page.hasMore) return rows;
    }
  };

  const ownPnrsBySql = async (agentId: number, where = sql`true`) =>
    (
      await queryRows<{ pnr_number: string }>(
        world.database.db,
        sql`select pnr_number from bookings where agent_id = ${agentId} and (${where})
            order by pnr_created_at desc, id desc`,
      )
    ).map((row) => row.pnr_number);

  const csvOf = async (who: Caller, search: object) => {
    const res = await callAs(world, who, {
      method: 'POST',
      url: url(PNR_CALLS.listCsv),
      payload: { request: JSON.stringify(search) },
    });
    return res;
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    // The server's today is the simulated world's, so date limits hold whenever this runs.
    const simNow = (await world.sim.now()).getTime();
    world.app.clock.advance(simNow - world.app.clock.now().getTime());
    ids = await demoIds(world.database.db);
  }, 240_000);
  afterAll(async () => world?.close());

  describe('scope', () => {
    it("should list exactly the agent's own bookings, newest first, with the total", async () => {
      const rows = await everyRow('agent');
      const own = await ownPnrsBySql(ids.agent.AA);
      expect(own.length).toBeGreaterThanOrEqual(30);
      expect(rows.map((row) => row.pnrNumber)).toEqual(own);
      expect((await list('agent')).total).toBe(own.length);
    });

    it('should never show another agent a booking that is not theirs', async () => {
      const theirs = new Set(await ownPnrsBySql(ids.agent.BA));
      const mine = await everyRow('agent');
      expect(mine.some((row) => theirs.has(row.pnrNumber))).toBe(false);

      const [other] = await queryRows<{ id: number; pnr_number: string; gds_id: string }>(
        world.database.db,
        sql`select id, pnr_number, gds_id from bookings
            where agent_id = ${ids.agent.BA} and type = 'OTA' and not is_ticketed
              and not is_cancelled and ticketing_supported limit 1`,
      );
      if (!other) throw new Error('the demo gives agent2 an OTA booking to ticket');
      const details = await callAs(world, 'agent', {
        method: 'GET',
        url: `${url(PNR_CALLS.details)}?id=${other.id}`,
      });
      expectError(details, 404, 'NOT_FOUND');
      const ticketing = await callAs(world, 'agent', {
        method: 'GET',
        url: `${url(PNR_CALLS.ticketing)}?pnrNumber=${other.pnr_number}&gdsId=${other.gds_id}`,
      });
      expectError(ticketing, 404, 'NOT_FOUND');
      const csv = await csvOf('agent', { pnrNumber: other.pnr_number });
      expect(parseCsv(csv.body)).toHaveLength(1);
      const [after] = await queryRows<{ is_ticketing: boolean; is_ticketed: boolean }>(
        world.database.db,
        sql`select is_ticketing, is_ticketed from bookings where id = ${other.id}`,
      );
      expect(after).toEqual({ is_ticketing: false, is_ticketed: false });
    });

    it.each(['manager', 'superUser', 'operator', 'branchManager'] as const)(
      'should refuse My PNRs to %s, who is not an agent',
      async (who) => {
        const res = await callAs(world, who, {
          method: 'POST',
          url: url(PNR_CALLS.list),
          payload: {},
        });
        expectError(res, 403, 'FORBIDDEN');
        const csv = await csvOf(who, {});
        expectError(csv, 403, 'FORBIDDEN');
      },
    );

    it('should count matches only up to its limit, and say when it stopped there', async () => {
      const owner = { agentId: ids.agent.AA, scope: { kind: 'superUser' } as const };
      const own = (await ownPnrsBySql(ids.agent.AA)).length;
      expect(await countPnrs(world.database.db, owner, {}, 5)).toBe(6);
      expect(await countPnrs(world.database.db, owner, {}, own)).toBe(own);
      expect(await list('agent')).toMatchObject({ total: own, totalCapped: false });
    });

    it('should ask a signed-out caller to sign in', async () => {
      const res = await callAs(world, null, {
        method: 'POST',
        url: url(PNR_CALLS.list),
        payload: {},
      });
      expectError(res, 401, 'UNAUTHORIZED');
    });
  });

  describe('filters', () => {
    it('should find each filter exactly the bookings SQL finds', async () => {
      const [sample] = await queryRows<{
        pnr_number: string;
        carrier_code: string;
        origin: string;
        destination: string;
        flight_number: string;
        main_passenger: string;
        customer_number: string | null;
      }>(
        world.database.db,
        sql`select pnr_number, carrier_code, origin, destination, flight_number, main_passenger,
                   customer_number
            from bookings where agent_id = ${ids.agent.AA} and carrier_code is not null
            order by customer_number nulls last limit 1`,
      );
      if (!sample) throw new Error('the agent has bookings with flights');
      const agent = ids.agent.AA;
      const [last, first] = sample.main_passenger.split('/') as [string, string];
      const cases: [PnrListRequest, ReturnType<typeof sql>][] = [
        [{ isTicketed: 'Yes' }, sql`is_ticketed`],
        [{ isTicketed: 'No' }, sql`not is_ticketed`],
        [
          { airline: sample.carrier_code.toLowerCase() },
          sql`carrier_code = ${sample.carrier_code}`,
        ],
        // Any flown leg's airports, not only the route's ends.
        [{ destinationFrom: sample.origin }, sql`${sample.origin} = any(origins)`],
        [{ destinationTo: sample.destination }, sql`${sample.destination} = any(destinations)`],
        [{ pnrNumber: sample.pnr_number.toLowerCase() }, sql`pnr_number = ${sample.pnr_number}`],
        [{ flightNumber: sample.flight_number }, sql`flight_number = ${sample.flight_number}`],
        [
          { customerName: `${first.toLowerCase()} ${last.toLowerCase()}` },
          sql`main_passenger ilike ${`%${last}%`} and main_passenger ilike ${`%${first}%`}`,
        ],
      ];
      if (sample.customer_number) {
        cases.push([
          { dkNumber: sample.customer_number.toLowerCase() },
          sql`customer_number = ${sample.customer_number}`,
        ]);
      }
      for (const [filter, where] of cases) {
        const rows = await everyRow('agent', filter);
        const expected = await ownPnrsBySql(agent, where);
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
        expect(
          rows.map((row) => row.pnrNumber),
          JSON.stringify(filter),
        ).toEqual(expected);
      }
    });

    it('should find return trips by their turnaround and show them from origin to turnaround', async () => {
      // The agent's return trips: the last leg lands where the first left.
      const returns = await queryRows<{ pnr_number: string; origin: string; destination: string }>(
        world.database.db,
        sql`select pnr_number, origin, destination from bookings
            where agent_id = ${ids.agent.AA} and origin = any(destinations)
              and destination <> origin
            order by pnr_number`,
      );
      expect(returns.length).toBeGreaterThan(0);
      const everything = await everyRow('agent', {});
      // No route reads origin to origin, as 'TLV-TLV' did.
      for (const row of everything) {
        if (row.flightRoute) expect(row.flightRoute).not.toMatch(/^(\w{3})-\1$/);
      }
      for (const trip of returns.slice(0, 3)) {
        const found = await everyRow('agent', { destinationTo: trip.destination });
        const row = found.find((one) => one.pnrNumber === trip.pnr_number);
        expect(row?.flightRoute, trip.pnr_number).toBe(`${trip.origin}-${trip.destination}`);
      }
    });

    it('should take whole days of a date range, both ends included', async () => {
      const now = world.app.clock.now();
      const day = (offset: number) => utcDayOf(now.getTime() + offset * DAY_MS);
      const range = { from: day(-30), to: day(-2) };
      const rows = await everyRow('agent', { creationDate: range });
      const expected = await ownPnrsBySql(
        ids.agent.AA,
        sql`pnr_created_at >= ${`${range.from}T00:00:00Z`}::timestamptz
            and pnr_created_at < (${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.pnrNumber)).toEqual(expected);

      const departures = { from: day(0), to: day(60) };
      const flying = await everyRow('agent', { departureDate: departures });
      expect(flying.map((row) => row.pnrNumber)).toEqual(
        await ownPnrsBySql(
          ids.agent.AA,
          sql`departure_at >= ${`${departures.from}T00:00:00Z`}::timestamptz
              and departure_at < (${`${departures.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
        ),
      );
    });

    it.each([
      [{ airline: 'L' }, 'airline', messages.twoAlphanumeric],
      [{ destinationFrom: 'T1V' }, 'destinationFrom', messages.threeLetters],
      [{ destinationTo: 'LONDON' }, 'destinationTo', messages.threeLetters],
      [{ pnrNumber: 'AB12' }, 'pnrNumber', messages.pnrNumber],
      [{ flightNumber: '31A' }, 'flightNumber', messages.flightNumber],
      [{ customerName: "Robert'); drop table bookings;--" }, 'customerName', messages.customerName],
      [{ dkNumber: 'DK 1' }, 'dkNumber', messages.customerNumber],
      [{ creationDate: { from: '2026-06-01' } }, 'creationDate.to', messages.dateRangeBothEnds],
    ] as const)('should refuse %j with its message', async (filter, field, message) => {
      const res = await callAs(world, 'agent', {
        method: 'POST',
        url: url(PNR_CALLS.list),
        payload: filter,
      });
      const body = expectError(res, 400, 'BAD_REQUEST');
      expect(body.fieldErrors?.[field]).toBe(message);
    });

    it('should refuse a date out of range with its field, on the list and the CSV', async () => {
      const now = world.app.clock.now().getTime();
      const day = (offset: number) => utcDayOf(now + offset * DAY_MS);
      const filter = { creationDate: { from: day(-1), to: day(3) } };
      const res = await callAs(world, 'agent', {
        method: 'POST',
        url: url(PNR_CALLS.list),
        payload: filter,
      });
      const body = expectError(res, 400, 'BAD_REQUEST');
      expect(body.fieldErrors?.['creationDate.to']).toBe(messages.dateInFuture);
      expectError(await csvOf('agent', filter), 400, 'BAD_REQUEST');
    });

    it('should answer any filter input with 200 or 400, never 500', async () => {
      const text = fc.oneof(
        fc.string({ maxLength: 120 }),
        fc.constantFrom(
          '',
          ' ',
          'LY',
          'tlv',
          "'; drop table bookings;--",
          '<script>',
          '%_\\',
          '١٢٣',
        ),
      );
      const day = fc.oneof(
        fc.constantFrom('2026-11-01', '2026-02-30', '', '2026-13-01', 'yesterday'),
        fc.date({ noInvalidDate: true }).map((date) => utcDayOf(date)),
      );
      const value = fc.oneof(
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(text, { maxLength: 2 }),
      );
      const filter = fc.record(
        {
          isTicketed: fc.oneof(fc.constantFrom('Yes', 'No', 'All', 'true', 'x'), value),
          airline: value,
          dkNumber: value,
          customerName: value,
          destinationFrom: value,
          destinationTo: value,
          pnrNumber: value,
          flightNumber: value,
          creationDate: fc.oneof(fc.record({ from: day, to: day }, { requiredKeys: [] }), value),
          departureDate: fc.oneof(fc.record({ from: day, to: day }, { requiredKeys: [] }), value),
          column: fc.oneof(
            fc.constantFrom('status', 'notifications', 'flightDate', 'bogus'),
            value,
          ),
          direction: fc.oneof(fc.constantFrom('asc', 'desc', 'up'), value),
          offset: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), value),
          chunk: fc.oneof(fc.integer({ min: -5, max: 500 }), value),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(filter, async (payload) => {
          const res = await callAs(world, 'agent', {
            method: 'POST',
            url: url(PNR_CALLS.list),
            payload,
          });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) expectError(res, 400, 'BAD_REQUEST');
        }),
        { numRuns: 60 },
      );
      // The CSV reads the same search as JSON text, and refuses it before any row goes out.
      await fc.assert(
        fc.asyncProperty(filter, async (search) => {
          const res = await csvOf('agent', search);
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) expectError(res, 400, 'BAD_REQUEST');
          else expect(res.body.startsWith('PNR,')).toBe(true);
        }),
        { numRuns: 30 },
      );
    });
  });

  describe('sorting', () => {
    const statusRank = (row: PnrListItem) =>
      ['Booked', 'Ticket Voidable', 'Ticketed', 'Departed'].indexOf(pnrStatusText(row));
    const total = (row: PnrListItem) =>
      row.notificationStat.reduce((sum, stat) => sum + stat.total, 0);
    const KEY: Record<PnrSortColumn, (row: PnrListItem) => string | number | null> = {
      pnrCreationDate: (row) => row.pnrCreationDate,
      status: statusRank,
      passengersCount: (row) => row.passengersCount,
      passengerName: (row) => row.passengerName,
      flightDate: (row) => row.flightDate,
      notifications: total,
    };

    it.each(Object.keys(KEY) as PnrSortColumn[])(
      'should sort by %s both ways, empty values last, newest first among equals',
      async (column) => {
        const base = await everyRow('agent');
        for (const direction of ['asc', 'desc'] as const) {
          const rows = await everyRow('agent', { column, direction });
          const key = KEY[column];
          const expected = [...base].sort((a, b) => {
            const [x, y] = [key(a), key(b)];
            if (x === y) return base.indexOf(a) - base.indexOf(b);
            if (x === null) return 1;
            if (y === null) return -1;
            const order = x < y ? -1 : 1;
            return direction === 'asc' ? order : -order;
          });
          expect(
            rows.map((row) => row.pnrNumber),
            `${column} ${direction}`,
          ).toEqual(expected.map((row) => row.pnrNumber));
        }
      },
    );

    it('should count pending notifications per group as the notification list does', async () => {
      const rows = await everyRow('agent');
      const stats = await queryRows<{
        pnr_number: string;
        group: string;
        total: number;
        unread: number;
      }>(
        world.database.db,
        sql`select b.pnr_number, n."group", count(*)::int as total,
                   (count(*) filter (where n.status in ('NEW', 'READY')))::int as unread
            from notifications n join bookings b on b.id = n.booking_id
            where b.agent_id = ${ids.agent.AA} and n.subtype = 'Pending' and n.status <> 'DEL'
            group by 1, 2`,
      );
      expect(stats.length).toBeGreaterThan(0);
      for (const stat of stats) {
        const row = rows.find((r) => r.pnrNumber === stat.pnr_number);
        expect(row?.notificationStat).toContainEqual({
          group: stat.group,
          total: stat.total,
          unread: stat.unread,
        });
      }
      const withStats = rows.filter((row) => row.notificationStat.length > 0).length;
      expect(withStats).toBe(new Set(stats.map((stat) => stat.pnr_number)).size);
    });
  });

  describe('CSV', () => {
    it('should hold the filtered list in its order, with a file name', async () => {
      const search = { isTicketed: 'No', column: 'flightDate', direction: 'desc' } as const;
      const rows = await everyRow('agent', search);
      const res = await csvOf('agent', search);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(
        /attachment; filename="my-pnrs-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const [header, ...cells] = parseCsv(res.body);
      expect(header?.[0]).toBe('PNR');
      expect(cells.map((cell) => cell[0])).toEqual(rows.map((row) => row.pnrNumber));
      const statusColumn = header?.indexOf('Status') ?? -1;
      expect(cells.map((cell) => cell[statusColumn])).toEqual(
        rows.map((row) => pnrStatusText(row)),
      );
    });

    it('should keep a formula in a name as text', async () => {
      const [booking] = await queryRows<{ id: number; pnr_number: string }>(
        world.database.db,
        sql`select id, pnr_number from bookings where agent_id = ${ids.agent.AA} limit 1`,
      );
      if (!booking) throw new Error('the agent has bookings');
      await world.database.db.execute(
        sql`update bookings set main_passenger = '=HYPERLINK("http://evil.test")' where id = ${booking.id}`,
      );
      const res = await csvOf('agent', { pnrNumber: booking.pnr_number });
      const [header, row] = parseCsv(res.body);
      expect(row?.[header?.indexOf('Main passenger') ?? -1]).toBe(
        `'=HYPERLINK("http://evil.test")`,
      );
    });

    it('should refuse a request that is not the search as JSON', async () => {
      const res = await callAs(world, 'agent', {
        method: 'POST',
        url: url(PNR_CALLS.listCsv),
        payload: { request: '{"airline":' },
      });
      expectError(res, 400, 'BAD_REQUEST');
    });
  });

  describe('refresh', () => {
    /** Nobody has asked the GDS about these bookings for an hour, by either clock. */
    const readAnHourAgo = async (bookingIds: number[]) => {
      const hourAgo = new Date(world.app.clock.now().getTime() - 3_600_000);
      const list = sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      );
      await world.database.db.execute(
        sql`update bookings set last_checked_at = last_checked_at - interval '1 hour',
              sync_requested_at = null
            where id in (${list})`,
      );
      await world.database.db.execute(
        sql`update booking_checks set checked_at = ${hourAgo} where booking_id in (${list})`,
      );
      return hourAgo;
    };

    it("should answer a refresh's id on the list, and its rows to the agent alone", async () => {
      const [booking] = await queryRows<{ id: number; pnr_number: string }>(
        world.database.db,
        sql`select id, pnr_number from bookings
            where agent_id = ${ids.agent.AA} and monitored and not is_cancelled and not is_departed
            order by pnr_created_at desc limit 1`,
      );
      if (!booking) throw new Error('the agent has open bookings');
      await readAnHourAgo([booking.id]);
      const [row] = (await list('agent', { pnrNumber: booking.pnr_number })).pnrs;
      expect(row).toMatchObject({ pnrNumber: booking.pnr_number, updateWillAvailable: true });
      const syncJobId = row?.syncJobId;
      if (!syncJobId) throw new Error('a refresh has an id');
      const stranger = await callAs(world, 'agent2', {
        method: 'POST',
        url: url(PNR_CALLS.updates),
        payload: { syncJobId },
      });
      expect(PnrUpdatesResponse.parse(stranger.json()).pnrs).toEqual([]);

      await servicesOf(world.app).pnrList.refreshesSettled();
      const done = await callAs(world, 'agent', {
        method: 'POST',
        url: url(PNR_CALLS.updates),
        payload: { syncJobId },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(PnrUpdatesResponse.parse(done.json()).pnrs).toMatchObject([
        { pnrNumber: booking.pnr_number },
      ]);
    });

    it('should refuse a syncJobId that is not one', async () => {
      const res = await callAs(world, 'agent', {
        method: 'POST',
        url: url(PNR_CALLS.updates),
        payload: { syncJobId: "1' or '1'='1" },
      });
      expectError(res, 400, 'BAD_REQUEST');
    });
  });

  describe('details', () => {
    it("should answer one of the agent's bookings as its details", async () => {
      const [row] = (await list('agent', { chunk: 1 })).pnrs;
      if (!row) throw new Error('the agent has bookings');
      const res = await callAs(world, 'agent', {
        method: 'GET',
        url: `${url(PNR_CALLS.details)}?id=${row.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(PnrDetails.parse(res.json()).pnr.id).toBe(row.pnrNumber);
    });

    it('should refuse an id that is not a number', async () => {
      const res = await callAs(world, 'agent', {
        method: 'GET',
        url: `${url(PNR_CALLS.details)}?id=1%20or%201=1`,
      });
      expectError(res, 400, 'BAD_REQUEST');
    });
  });

  describe('ticketing', () => {
    const otaOf = async (agentId: number) => {
      const rows = await queryRows<{ id: number; pnr_number: string; gds_id: string }>(
        world.database.db,
        sql`select id, pnr_number, gds_id from bookings
            where agent_id = ${agentId} and type = 'OTA' and ticketing_supported
              and not is_ticketed and not is_cancelled and not is_departed
            order by id`,
      );
      return rows;
    };
    const ticket = (who: Caller, booking: { pnr_number: string; gds_id: string }) =>
      callAs(world, who, {
        method: 'GET',
        url: `${url(PNR_CALLS.ticketing)}?pnrNumber=${booking.pnr_number}&gdsId=${booking.gds_id}`,
      });

    it('should answer the GDS state', async () => {
      const [booking] = await otaOf(ids.agent.AA);
      if (!booking) throw new Error('the agent has an OTA booking to ticket');
      await world.sim.scriptTicketing(booking.pnr_number, { state: 'SUCCESS', errorText: null });
      const res = await ticket('agent', booking);
      expect(res.statusCode, res.body).toBe(200);
      expect(TicketingResponse.parse(res.json()).data).toEqual({
        state: 'SUCCESS',
        errorText: null,
      });
    });

    it('should refuse a booking that is not OTA', async () => {
      const [regular] = await queryRows<{ pnr_number: string; gds_id: string }>(
        world.database.db,
        sql`select pnr_number, gds_id from bookings
            where agent_id = ${ids.agent.AA} and type = 'REGULAR' and not is_ticketed limit 1`,
      );
      if (!regular) throw new Error('the agent has a regular booking');
      const body = expectError(await ticket('agent', regular), 409, 'CONFLICT');
      expect(body.message).toBe(ticketingRefusals.notOta);
    });

    it('should refuse ticketing to a manager', async () => {
      const [booking] = await otaOf(ids.agent.MM);
      if (!booking) return;
      expectError(await ticket('manager', booking), 403, 'FORBIDDEN');
    });
  });
});

import {
  NOTIFICATION_CALLS,
  NotificationListResponse,
  PNR_CALLS,
  PnrListResponse,
  type NotificationListRequest,
  type PnrListRequest,
} from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { createNotificationsWorld, type NotificationsWorld } from '../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../test/test-database';
import {
  callAs,
  demoIds,
  expectError,
  scopeSql,
  type Caller,
  type DemoIds,
} from './modules/notifications/notification-list.test-helpers';

// Issue 20, agent speed: the My PNRs search box, the notification columns' sorts and the
// owning agent's name on cards, each checked against plain SQL over the same database.

const EVERY_SUBTYPE = ['Pending', 'Complete', 'Failed'];

describe.each(TEST_DATABASE_KINDS)('agent speed on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const notificationList = (who: Caller, payload: object) =>
    callAs(world, who, { method: 'POST', url: `/api/${NOTIFICATION_CALLS.list}`, payload });

  /** Every notification of a list, read a chunk at a time as the columns do. */
  const everyNotification = async (who: Caller, payload: NotificationListRequest, chunk = 4) => {
    const rows: NotificationListResponse['notifications'] = [];
    for (let offset = 0; ; offset += chunk) {
      const res = await notificationList(who, { ...payload, offset, chunk });
      expect(res.statusCode, res.body).toBe(200);
      const page = NotificationListResponse.parse(res.json());
      rows.push(...page.notifications);
      if (!page.hasMore) return rows;
    }
  };

  const idsBySql = async (where: SQL, order: SQL) =>
    (
      await queryRows<{ id: number | string }>(
        world.database.db,
        sql`select id from notifications where status <> 'DEL' and (${where}) order by ${order}`,
      )
    ).map((row) => Number(row.id));

  const pnrSearch = async (who: Caller, body: PnrListRequest) =>
    callAs(world, who, { method: 'POST', url: `/api/${PNR_CALLS.list}`, payload: body });

  const pnrsFound = async (who: Caller, search: string) => {
    const res = await pnrSearch(who, { search, chunk: 100 });
    expect(res.statusCode, res.body).toBe(200);
    return PnrListResponse.parse(res.json()).pnrs.map((row) => row.pnrNumber);
  };

  const agentPnrsBySql = async (agentId: number, where: SQL) =>
    (
      await queryRows<{ pnr_number: string }>(
        world.database.db,
        sql`select pnr_number from bookings where agent_id = ${agentId} and (${where})
            order by pnr_created_at desc, id desc`,
      )
    ).map((row) => row.pnr_number);

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    const simNow = (await world.sim.now()).getTime();
    world.app.clock.advance(simNow - world.app.clock.now().getTime());
    ids = await demoIds(world.database.db);
  }, 240_000);
  afterAll(async () => world?.close());

  describe('the search box on My PNRs', () => {
    it('should find a booking by its PNR, by a flight with or without its airline, and by a name', async () => {
      const [sample] = await queryRows<{
        pnr_number: string;
        carrier_code: string;
        flight_number: string;
        main_passenger: string;
      }>(
        world.database.db,
        sql`select pnr_number, carrier_code, flight_number, main_passenger from bookings
            where agent_id = ${ids.agent.AA} and carrier_code is not null
            order by pnr_created_at desc limit 1`,
      );
      if (!sample) throw new Error('the demo agent has bookings with flights');
      const agent = ids.agent.AA;
      const [surname] = sample.main_passenger.split('/') as [string];
      const flight = `${sample.carrier_code}${sample.flight_number}`;

      expect(await pnrsFound('agent', sample.pnr_number.toLowerCase())).toContain(
        sample.pnr_number,
      );
      const code = `${sample.carrier_code}${sample.flight_number.replace(/^0+(?=\d)/, '')}`;
      const byFlight = await agentPnrsBySql(agent, sql`${code} = any(flights)`);
      expect(byFlight).toContain(sample.pnr_number);
      expect(await pnrsFound('agent', flight)).toEqual(byFlight);
      expect(await pnrsFound('agent', `${sample.carrier_code} ${sample.flight_number}`)).toEqual(
        byFlight,
      );
      const byNumber = await agentPnrsBySql(
        agent,
        sql`exists (select 1 from unnest(flights) as f(code)
            where substr(f.code, 3) = ltrim(${sample.flight_number}, '0'))`,
      );
      expect(await pnrsFound('agent', sample.flight_number)).toEqual(byNumber);
      const byName = await agentPnrsBySql(
        agent,
        sql`exists (select 1 from unnest(passengers) as p(name) where p.name ilike ${`%${surname}%`})
            or pnr_number like ${`${surname.toUpperCase()}%`}`,
      );
      expect(byName.length).toBeGreaterThan(0);
      expect(await pnrsFound('agent', surname.toLowerCase())).toEqual(byName);
    });

    it('should find a booking by the flight of a later leg and by a passenger who is not the first', async () => {
      const [sample] = await queryRows<{
        pnr_number: string;
        flight_number: string;
        flights: string[];
        passengers: string[];
      }>(
        world.database.db,
        sql`select pnr_number, flight_number, flights, passengers from bookings
            where agent_id = ${ids.agent.AA} and cardinality(flights) > 1
              and cardinality(passengers) > 1
            order by pnr_created_at desc limit 1`,
      );
      if (!sample) throw new Error('the demo agent has return trips for several passengers');
      const later = sample.flights.at(-1) as string;
      const [surname, firstName] = (sample.passengers.at(-1) as string).split('/') as [
        string,
        string,
      ];
      expect(later.slice(2)).not.toBe(sample.flight_number.replace(/^0+(?=\d)/, ''));

      expect(await pnrsFound('agent', later)).toContain(sample.pnr_number);
      expect(await pnrsFound('agent', later.slice(2))).toContain(sample.pnr_number);
      expect(await pnrsFound('agent', `${firstName} ${surname}`.toLowerCase())).toContain(
        sample.pnr_number,
      );
    });

    it("should never find another agent's booking, however it is named", async () => {
      const [theirs] = await queryRows<{ pnr_number: string; main_passenger: string }>(
        world.database.db,
        sql`select pnr_number, main_passenger from bookings where agent_id = ${ids.agent.BA}
            limit 1`,
      );
      if (!theirs) throw new Error('the second demo agent has bookings');
      expect(await pnrsFound('agent', theirs.pnr_number)).toEqual([]);
      const [surname] = theirs.main_passenger.split('/') as [string];
      const mine = await pnrsFound('agent', surname);
      const own = new Set(await agentPnrsBySql(ids.agent.AA, sql`true`));
      expect(mine.every((pnr) => own.has(pnr))).toBe(true);
      const res = await pnrSearch('manager', { search: theirs.pnr_number });
      expectError(res, 403, 'FORBIDDEN');
    });

    it.each([
      ['one character', 'A'],
      ['SQL', "LEVI'; drop table bookings; --"],
      ['markup', '<script>alert(1)</script>'],
      ['a term past 100 characters', 'x'.repeat(101)],
      ['a list', ['LY541', 'JB53UB']],
    ])('should answer 400 in the error shape and change nothing for %s', async (_name, search) => {
      const before = await queryRows<{ count: number }>(
        world.database.db,
        sql`select count(*)::int as count from bookings`,
      );
      const res = await pnrSearch('agent', { search });
      const body = expectError(res, 400, 'BAD_REQUEST');
      expect(Object.keys(body.fieldErrors ?? {})).toContain('search');
      const after = await queryRows<{ count: number }>(
        world.database.db,
        sql`select count(*)::int as count from bookings`,
      );
      expect(after).toEqual(before);
    });
  });

  describe('the sorts of the notification columns', () => {
    it.each(['REPRICE', 'TICKETING_DUE', 'RESCHEDULE'] as const)(
      'should list a manager the %s column oldest first, page after page, as SQL orders it',
      async (group) => {
        const rows = await everyNotification('manager', {
          fetchType: 'all',
          group,
          subtype: EVERY_SUBTYPE,
          sort: 'oldest',
        });
        const expected = await idsBySql(
          sql`${scopeSql(ids, 'manager')} and "group" = ${group}`,
          sql`notification_time asc, id asc`,
        );
        expect(expected.length).toBeGreaterThan(0);
        expect(rows.map((row) => row.notification_id)).toEqual(expected);
      },
    );

    it('should list the soonest ticketing deadline first, none last, as raised', async () => {
      const rows = await everyNotification('manager', {
        fetchType: 'all',
        group: 'TICKETING_DUE',
        subtype: ['Pending'],
        sort: 'deadline',
      });
      const expected = await idsBySql(
        sql`${scopeSql(ids, 'manager')} and "group" = 'TICKETING_DUE' and subtype = 'Pending'`,
        sql`deadline_at asc nulls last, id asc`,
      );
      expect(expected.length).toBeGreaterThan(1);
      expect(rows.map((row) => row.notification_id)).toEqual(expected);
      const deadlines = rows.map((row) => row.deadline);
      expect(deadlines.every((deadline) => deadline !== null)).toBe(true);
      expect([...deadlines].sort()).toEqual(deadlines);
      // The column holds the payload's deadline.
      const [mismatch] = await queryRows<{ id: number }>(
        world.database.db,
        sql`select id from notifications where payload->>'last_purchase_date' is not null
            and deadline_at is distinct from (payload->>'last_purchase_date')::timestamptz
            limit 1`,
      );
      expect(mismatch).toBeUndefined();
    });

    it("should keep an agent's sorted list to their own notifications", async () => {
      for (const sort of ['oldest', 'deadline'] as const) {
        const rows = await everyNotification('agent', {
          fetchType: 'all',
          group: 'RECENT',
          subtype: EVERY_SUBTYPE,
          sort,
        });
        const own = new Set(await idsBySql(scopeSql(ids, 'agent'), sql`id`));
        expect(rows.length).toBe(own.size);
        expect(rows.every((row) => own.has(row.notification_id))).toBe(true);
      }
      const res = await notificationList('manager', {
        fetchType: 'all',
        agencyIds: [ids.agency.globeTours],
        sort: 'deadline',
      });
      expectError(res, 403, 'FORBIDDEN');
    });

    it.each([
      ['an unknown order', 'soonest'],
      ['SQL', 'deadline; drop table notifications'],
      ['a column name', 'notification_time desc'],
      ['an empty value', ''],
      ['a list', ['newest', 'oldest']],
    ])('should answer 400 in the error shape for %s', async (_name, sort) => {
      const res = await notificationList('manager', { fetchType: 'all', sort });
      const body = expectError(res, 400, 'BAD_REQUEST');
      expect(Object.keys(body.fieldErrors ?? {})).toContain('sort');
    });
  });

  describe("the owning agent's name on cards", () => {
    it.each(['manager', 'branchManager', 'superUser', 'agent'] as const)(
      "should name each card's agent as the agents table does for %s",
      async (who) => {
        const rows = await everyNotification(
          who,
          {
            fetchType: who === 'agent' ? 'personal' : 'all',
            group: 'RECENT',
            subtype: ['Pending'],
          },
          200,
        );
        const names = new Map(
          (
            await queryRows<{ id: number | string; name: string }>(
              world.database.db,
              sql`select id, (select name from agents where agents.id = notifications.agent_id)
                  as name from notifications where ${scopeSql(ids, who)}`,
            )
          ).map((row) => [Number(row.id), row.name]),
        );
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.agent_name).toBe(names.get(row.notification_id));
        if (who === 'manager' || who === 'superUser')
          expect(new Set(rows.map((row) => row.agent_name)).size).toBeGreaterThan(1);
      },
    );
  });
});

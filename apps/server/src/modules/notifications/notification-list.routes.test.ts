import {
  NOTIFICATION_CALLS,
  NotificationListResponse,
  type NotificationListRequest,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { DEMO } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import type { ListCriteria } from './notification-list.query';
import { findPageIds } from './notification-list.repository';
import {
  callAs,
  demoIds,
  expectError,
  listIdsBySql,
  type Caller,
  type DemoIds,
} from './notification-list.test-helpers';

const EVERY_SUBTYPE = ['Pending', 'Complete', 'Failed'];

// The notification list over HTTP: the answer's shape, the bodies it reads (JSON and forms),
// who may call (the caller's own scope) and the shape of a refusal, and the page query on both
// databases. What each scope, filter, page and item holds is notification-list.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the notification list on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const list = (who: Caller, payload: NotificationListRequest) =>
    callAs(world, who, { method: 'POST', url: `/api/${NOTIFICATION_CALLS.list}`, payload });
  const listOk = async (who: Caller, payload: NotificationListRequest) => {
    const res = await list(who, payload);
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListResponse.parse(res.json());
  };
  const idsOf = (body: NotificationListResponse) =>
    body.notifications.map((item) => item.notification_id);
  const everything = { group: 'RECENT', subtype: EVERY_SUBTYPE, chunk: 9999 } as const;

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
  });
  afterAll(() => world.close());

  // Access: the list in the caller's own scope (what each scope and filter lists is the
  // service's test).
  it("should list agent2's own notifications to them, never the agent's", async () => {
    const mine = await listOk('agent2', { ...everything, fetchType: 'all' });
    const agents = await queryRows<{ agent_id: number }>(
      world.database.db,
      sql`select distinct agent_id from notifications
          where id in (${sql.join(
            idsOf(mine).map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(agents.map((row) => row.agent_id)).toEqual([ids.agent.BA]);
  });

  it('should answer 403 with the refusal when a named id lies outside the scope', async () => {
    expectError(
      await list('manager', {
        ...everything,
        fetchType: 'all',
        agencyIds: [ids.agency.globeTours],
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('should read a form-encoded body with repeated and comma-separated lists', async () => {
    const form = new URLSearchParams([
      ['fetchType', 'all'],
      ['group', 'RECENT'],
      ['subtype', 'Pending'],
      ['subtype', 'Complete'],
      ['subtype', 'Failed'],
      ['agentIds', `${ids.agent.AA},${ids.agent.BA}`],
      ['chunk', '9999'],
    ]);
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.list}`,
      headers: {
        ...(await world.headersOf(DEMO.manager)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(NotificationListResponse.parse(res.json()))).toEqual(
      await listIdsBySql(world.database.db, sql`agent_id in (${ids.agent.AA}, ${ids.agent.BA})`),
    );
  });

  it('should answer 401 when signed out', async () => {
    expectError(await list(null, everything), 401, 'UNAUTHORIZED');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown group', { group: 'FOO' }, 'group'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['chunk 0', { chunk: 0 }, 'chunk'],
    ['chunk 10000', { chunk: 10_000 }, 'chunk'],
    ['a malformed date', { dateFrom: '22/11/2026' }, 'dateFrom'],
    ['a date that does not exist', { dateTo: '2026-02-30' }, 'dateTo'],
    ['dates the wrong way round', { dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 'dateTo'],
    ['a non-numeric agent id', { agentIds: 'abc' }, 'agentIds.0'],
    ['an unknown subtype', { subtype: 'Done' }, 'subtype.0'],
    ['a bad fetch type', { fetchType: 'mine' }, 'fetchType'],
  ])('should answer 400 with field errors for %s', async (_name, payload, field) => {
    const res = await list('manager', payload);
    const body = expectError(res, 400, 'BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });

  it('should never answer 500 whatever the body holds', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.constantFrom('RECENT', 'REPRICE', 'Pending', '2026-01-01', '0', '-1', '99999999999'),
    );
    const body = fc.dictionary(
      fc.constantFrom(
        'fetchType',
        'group',
        'subtype',
        'agencyIds',
        'branchIds',
        'agentIds',
        'dateFrom',
        'dateTo',
        'pnr_key',
        'offset',
        'chunk',
      ),
      value,
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await list('manager', payload);
        expect([200, 400, 403]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json()).toHaveProperty('fieldErrors');
      }),
      { numRuns: 60 },
    );
  });

  it('should read one stream with IN lists when a merge would be too wide', async () => {
    const db = world.database.db;
    // 11 agents times 3 subtypes is past the widest merge.
    const unknown = [1, 2, 3, 4, 5].map((i) => 900_000 + i);
    const audience = {
      scope: { kind: 'superUser' as const },
      agencyIds: [],
      branchIds: [],
      agentIds: [...Object.values(ids.agent), ...unknown],
    };
    const criteria: ListCriteria = { group: 'RECENT', subtypes: ['Pending', 'Complete', 'Failed'] };
    const page = await findPageIds(db, audience, criteria, { offset: 10, limit: 25 });
    const expected = await listIdsBySql(db, sql`true`);
    expect(page.map((entry) => entry.id)).toEqual(expected.slice(10, 35));
  });
});

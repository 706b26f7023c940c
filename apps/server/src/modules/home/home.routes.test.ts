import { HomeData, NOTIFICATION_CALLS } from '@smt/shared';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  demoIds,
  expectError,
  scopeSql,
  type Caller,
  type DemoIds,
} from '@/modules/notifications/notification-list.test-helpers';
import { expectHomeData, homeDataBySql } from '../../../test/home-data-by-sql';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// Home data over HTTP: the answer's shape, who may call (the caller's own scope) and the shape of
// a refusal. What each scope, filter and change counts is home.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('home data on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const get = (who: Caller, url: string) => callAs(world, who, { method: 'GET', url });
  const userStats = (who: Caller) => get(who, `/api/${NOTIFICATION_CALLS.userStats}`);
  const allStats = (who: Caller, query = '') =>
    get(who, `/api/${NOTIFICATION_CALLS.allStats}${query}`);

  const expectHome = async (res: Awaited<ReturnType<typeof get>>, where: SQL) => {
    expect(res.statusCode, res.body).toBe(200);
    const body = HomeData.parse(res.json());
    expectHomeData(body, await homeDataBySql(world.database.db, where));
    return body;
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
    // The whole demo raised by the engine three times over: slow on a busy machine.
  }, 400_000);
  afterAll(() => world.close());

  it("should answer 200 with the home data of the caller's own pending work", async () => {
    const res = await userStats('agent');
    expect(res.statusCode, res.body).toBe(200);
    expect(HomeData.safeParse(res.json()).error).toBeUndefined();
  });

  // Access: home data in the caller's own scope (what each scope and filter counts is the
  // service's test).
  it("should answer a manager their agency's home data, another agency's left out", async () => {
    await expectHome(await allStats('manager', '?type=Agency'), scopeSql(ids, 'manager'));
  });

  it('should answer 403 with the refusal for ids outside the scope', async () => {
    expectError(
      await allStats('manager', `?type=Agency&id=${ids.agency.globeTours}`),
      403,
      'FORBIDDEN',
    );
  });

  it('should answer 401 when signed out', async () => {
    expectError(await userStats(null), 401, 'UNAUTHORIZED');
    expectError(await allStats(null, '?type=Agency'), 401, 'UNAUTHORIZED');
  });

  it.each([
    ['an unknown type', '?type=Company', 'type'],
    ['no type', '', 'type'],
    ['a non-numeric id', '?type=Agent&id=abc', 'id.0'],
    ['a negative id', '?type=Agent&id=-4', 'id.0'],
  ])('should answer 400 with field errors for %s', async (_name, query, field) => {
    const body = expectError(await allStats('manager', query), 400, 'BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });
});

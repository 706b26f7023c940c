import {
  ApiErrorBody,
  SUBSCRIPTION_CALLS as CALLS,
  SubscribableAgent,
  SubscriptionSettings,
  SubscriptionUpdateResult,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { seedDemoSubscriptions } from '@/db/seed/seed';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

// The notification-types settings over HTTP: what each call answers, who may make it and the
// shape of a refusal. Who sees and changes which rows, what a save stores, audits and changes
// for delivery are subscriptions.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the notification-types settings on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  const branch = new Map<string, number>();
  const agent = new Map<string, number>();

  const headersOf = async (role: Role) => {
    const known = sessions.get(role);
    if (known) return known;
    const { headers } = await signIn(t.app, DEMO[role]);
    sessions.set(role, headers);
    return headers;
  };
  const read = async (role: Role) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${CALLS.subscriptions}`,
      headers: await headersOf(role),
    });
    expect(res.statusCode).toBe(200);
    return SubscriptionSettings.parse(res.json());
  };
  const write = async (role: Role, items: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/${CALLS.subscriptions}`,
      headers: await headersOf(role),
      payload: items as object,
    });
  const stored = async () =>
    (
      await queryRows<{ key: string }>(
        t.database.db,
        sql`select concat_ws(' ', b.pcc, a.initials, s.process, s.media) as key
            from subscriptions s join branches b on b.id = s.branch_id
            left join agents a on a.id = s.agent_id`,
      )
    )
      .map((row) => row.key)
      .sort();
  const pccsOf = (settings: z.infer<typeof SubscriptionSettings>) =>
    Object.values(settings.branches)
      .map((b) => b.pcc)
      .sort();
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    return ApiErrorBody.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    await seedDemoSubscriptions(db);
    await ensureDefaultProcessSettings(db);
    for (const row of await queryRows<{ id: number; pcc: string }>(
      db,
      sql`select id, pcc from branches`,
    )) {
      branch.set(row.pcc, row.id);
    }
    for (const row of await queryRows<{ id: number; initials: string }>(
      db,
      sql`select id, initials from agents`,
    )) {
      agent.set(row.initials, row.id);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  // Access: the settings are read in the caller's own scope (who sees what is the service's test).
  it("should answer a manager the settings of their agency's branches only", async () => {
    expect(pccsOf(await read('manager'))).toEqual(['JRS1', 'TLV1']);
  });

  it('should answer 401 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${CALLS.subscriptions}` });
    expectError(res, 401);
  });

  it('should answer the agents of a branch the caller may subscribe', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${CALLS.agents}?branchId=${branch.get('TLV1')}`,
      headers: await headersOf('manager'),
    });
    expect(res.statusCode).toBe(200);
    expect(z.array(SubscribableAgent).safeParse(res.json()).error).toBeUndefined();
  });

  it('should answer how many subscriptions a save changed', async () => {
    const res = await write('agent', [
      { process: 'SC', agentId: agent.get('AA'), media: 'PUSH', action: 'ENABLE' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(SubscriptionUpdateResult.safeParse(res.json()).error).toBeUndefined();
  });

  it("should answer 403 with the refusal to a manager changing another agency's branch, writing nothing", async () => {
    const before = await stored();
    const res = await write('manager', [
      { process: 'RP', branchId: branch.get('HFA1'), media: 'EMAIL', action: 'ENABLE' },
    ]);
    expect(expectError(res, 403)).toEqual({
      code: 'FORBIDDEN',
      message: 'You may not change the subscriptions of that branch.',
      reason: 'subscriptions.branch-outside',
    });
    expect(await stored()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    [
      'an item with neither target',
      [{ process: 'RP', media: 'EMAIL', action: 'ENABLE' }],
      '0.branchId',
    ],
    [
      'an item with both targets',
      [{ process: 'RP', branchId: 1, agentId: 1, media: 'EMAIL', action: 'ENABLE' }],
      '0.branchId',
    ],
    [
      'an unknown process',
      [{ process: 'XX', branchId: 1, media: 'EMAIL', action: 'ENABLE' }],
      '0.process',
    ],
    [
      'an unknown medium',
      [{ process: 'RP', branchId: 1, media: 'SMS', action: 'ENABLE' }],
      '0.media',
    ],
    ['no action', [{ process: 'RP', branchId: 1, media: 'EMAIL' }], '0.action'],
    ['a bad id', [{ process: 'RP', branchId: -4, media: 'EMAIL', action: 'ENABLE' }], '0.branchId'],
    [
      'the same subscription twice',
      [
        { process: 'RP', branchId: 1, media: 'EMAIL', action: 'ENABLE' },
        { process: 'RP', branchId: 1, media: 'EMAIL', action: 'DISABLE' },
      ],
      '1',
    ],
    ['no list', { process: 'RP' }, 'body'],
  ])('should answer 400 naming the field for %s', async (_what, body, field) => {
    const before = await stored();
    const error = expectError(await write('superUser', body), 400);
    expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
    expect(await stored()).toEqual(before);
  });
});

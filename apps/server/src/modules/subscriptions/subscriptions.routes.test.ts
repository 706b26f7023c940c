import {
  ApiErrorBody,
  SUBSCRIPTION_CALLS as CALLS,
  SubscribableAgent,
  SubscriptionSettings,
  type SubscriptionUpdateItem,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { auditLog, processSettings, pushSubscriptions, subscriptions } from '@/db/schema';
import { seedDemoSubscriptions } from '@/db/seed/seed';
import { recipientsOf } from '@/delivery/recipients';
import { demoUser, makeNotification } from '@/delivery/testing/delivery-fixtures';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;
type Item = SubscriptionUpdateItem;

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
  const rowKeys = (settings: z.infer<typeof SubscriptionSettings>) =>
    settings.rows
      .map((row) =>
        row.agentId === undefined
          ? `${settings.branches[row.branchId]?.pcc} ${row.process} ${row.media}`
          : `${settings.agents[row.agentId]?.initials} ${row.process} ${row.media}`,
      )
      .sort();
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
    // Jerusalem does not reprice: its tick cannot be set.
    await db.insert(processSettings).values({
      branchId: branch.get('JRS1')!,
      process: 'RP',
      enabled: false,
      checkIntervalMinutes: 480,
    });
  }, 120_000);
  afterAll(async () => t?.close());

  const branchRows = (...pccs: string[]) =>
    pccs.flatMap((pcc) =>
      ['ADM', 'C', 'HL', 'RP', 'SC', 'TD'].map((process) => `${pcc} ${process} PUSH`),
    );

  it('should show a super user every row and every branch as managed', async () => {
    const settings = await read('superUser');
    expect(rowKeys(settings)).toEqual(branchRows('HFA1', 'JRS1', 'TLV1').sort());
    expect(pccsOf(settings)).toEqual(['HFA1', 'JRS1', 'TLV1']);
    expect(Object.values(settings.branches).every((b) => b.managed)).toBe(true);
    expect(settings.ownAgentId).toBeNull();
    expect(settings.branches[branch.get('JRS1')!]?.activeProcesses).not.toContain('RP');
    expect(settings.branches[branch.get('TLV1')!]?.activeProcesses).toContain('RP');
  });

  it("should show a manager their agency's branches and their own agent", async () => {
    const settings = await read('manager');
    expect(rowKeys(settings)).toEqual(branchRows('JRS1', 'TLV1').sort());
    expect(pccsOf(settings)).toEqual(['JRS1', 'TLV1']);
    expect(Object.values(settings.branches).every((b) => b.managed)).toBe(true);
    expect(settings.ownAgentId).toBe(agent.get('MM'));
    expect(settings.agents[agent.get('MM')!]).toEqual({
      name: 'Maya Manager',
      initials: 'MM',
      branchId: branch.get('TLV1'),
    });
  });

  it('should show a branch manager their branch only', async () => {
    const settings = await read('branchManager');
    expect(rowKeys(settings)).toEqual(branchRows('JRS1').sort());
    expect(pccsOf(settings)).toEqual(['JRS1']);
    expect(settings.branches[branch.get('JRS1')!]?.managed).toBe(true);
  });

  it("should show an agent their branch's rows as not managed", async () => {
    const settings = await read('agent');
    expect(rowKeys(settings)).toEqual(branchRows('TLV1').sort());
    expect(settings.branches[branch.get('TLV1')!]?.managed).toBe(false);
    expect(settings.ownAgentId).toBe(agent.get('AA'));
  });

  it('should show an operator, who sits nowhere, nothing', async () => {
    const settings = await read('operator');
    expect(settings).toEqual({ rows: [], branches: {}, agents: {}, ownAgentId: null });
  });

  it('should answer 401 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${CALLS.subscriptions}` });
    expectError(res, 401);
  });

  it('should list the agents of a branch the caller may subscribe', async () => {
    const agentsOf = async (role: Role, pcc: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/${CALLS.agents}?branchId=${branch.get(pcc)}`,
        headers: await headersOf(role),
      });
      expect(res.statusCode).toBe(200);
      return z
        .array(SubscribableAgent)
        .parse(res.json())
        .map((a) => a.initials);
    };
    expect(await agentsOf('manager', 'TLV1')).toEqual(['AA', 'BA', 'MM']);
    expect(await agentsOf('manager', 'HFA1')).toEqual([]);
    expect(await agentsOf('agent', 'TLV1')).toEqual(['AA']);
  });

  it('should apply, audit and deliver what a manager saves inside their agency', async () => {
    const db = t.database.db;
    const ben = await demoUser(db, 'branchmanager@demo.test');
    await db.insert(pushSubscriptions).values({
      userId: ben.id,
      endpoint: 'https://push.test/ben',
      p256dh: 'key',
      auth: 'auth',
    });
    const due = await makeNotification(db, 'branchmanager@demo.test', 'TicketingDue');
    expect(await recipientsOf(db, due)).toEqual([
      { channel: 'PUSH', recipient: 'https://push.test/ben' },
    ]);

    const items: Item[] = [
      { process: 'RP', agentId: agent.get('AA')!, media: 'EMAIL', action: 'ENABLE' },
      { process: 'TD', branchId: branch.get('JRS1')!, media: 'PUSH', action: 'DISABLE' },
    ];
    const res = await write('manager', items);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, changed: 2 });

    const settings = await read('manager');
    expect(rowKeys(settings)).toContain('AA RP EMAIL');
    expect(rowKeys(settings)).not.toContain('JRS1 TD PUSH');
    expect(settings.agents[agent.get('AA')!]?.initials).toBe('AA');
    // The agent sees their own new row too.
    expect(rowKeys(await read('agent'))).toContain('AA RP EMAIL');

    // What delivery reads: Adam hears of his reprices by e-mail; Jerusalem no longer by push.
    const reprice = await makeNotification(db, 'agent@demo.test', 'Reprice');
    expect(await recipientsOf(db, reprice)).toContainEqual({
      channel: 'EMAIL',
      recipient: 'agent@demo.test',
    });
    expect(await recipientsOf(db, due)).toEqual([]);

    const audited = await db
      .select({ action: auditLog.action, entityType: auditLog.entityType })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'subscription.%'`);
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'subscription.enable', entityType: 'agent' },
        { action: 'subscription.disable', entityType: 'branch' },
      ]),
    );

    // Saving the same again changes nothing and audits nothing.
    const again = await write('manager', items);
    expect(again.json()).toEqual({ ok: true, changed: 0 });
    const auditedAgain = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'subscription.%'`);
    expect(auditedAgain).toHaveLength(audited.length);
  });

  it('should let an agent change their own agent-level rows', async () => {
    const res = await write('agent', [
      { process: 'SC', agentId: agent.get('AA'), media: 'PUSH', action: 'ENABLE' },
    ]);
    expect(res.json()).toEqual({ ok: true, changed: 1 });
    const [row] = await t.database.db
      .select({ branchId: subscriptions.branchId })
      .from(subscriptions)
      .where(and(eq(subscriptions.agentId, agent.get('AA')!), eq(subscriptions.process, 'SC')));
    expect(row?.branchId).toBe(branch.get('TLV1'));
  });

  it.each<[Role, string, (ids: { branch: typeof branch; agent: typeof agent }) => Item]>([
    [
      'manager',
      "another agency's branch",
      ({ branch: b }) => ({
        process: 'RP',
        branchId: b.get('HFA1')!,
        media: 'EMAIL',
        action: 'ENABLE',
      }),
    ],
    [
      'manager',
      "another agency's agent",
      ({ agent: a }) => ({
        process: 'RP',
        agentId: a.get('GA')!,
        media: 'EMAIL',
        action: 'ENABLE',
      }),
    ],
    [
      'branchManager',
      'a branch of the agency not theirs',
      ({ branch: b }) => ({
        process: 'TD',
        branchId: b.get('TLV1')!,
        media: 'PUSH',
        action: 'DISABLE',
      }),
    ],
    [
      'agent',
      "their own branch's branch-wide row",
      ({ branch: b }) => ({
        process: 'TD',
        branchId: b.get('TLV1')!,
        media: 'PUSH',
        action: 'DISABLE',
      }),
    ],
    [
      'agent',
      'a colleague',
      ({ agent: a }) => ({
        process: 'RP',
        agentId: a.get('BA')!,
        media: 'EMAIL',
        action: 'ENABLE',
      }),
    ],
    [
      'operator',
      'any branch',
      ({ branch: b }) => ({
        process: 'RP',
        branchId: b.get('TLV1')!,
        media: 'EMAIL',
        action: 'ENABLE',
      }),
    ],
  ])('should refuse %s changing %s with 403 and write nothing', async (role, _what, itemOf) => {
    const before = await stored();
    const own = agent.get(role === 'branchManager' ? 'BB' : 'AA')!;
    // An allowed item in the same save is not written either: all or nothing.
    const allowed: Item = { process: 'HL', agentId: own, media: 'EMAIL', action: 'ENABLE' };
    const items =
      role === 'operator' ? [itemOf({ branch, agent })] : [allowed, itemOf({ branch, agent })];
    expectError(await write(role, items), 403);
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

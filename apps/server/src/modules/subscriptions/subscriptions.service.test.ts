import {
  SubscriptionUpdate,
  type SubscriptionSettings,
  type SubscriptionUpdateItem,
} from '@smt/shared';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  agents,
  auditLog,
  branches,
  processSettings,
  pushSubscriptions,
  subscriptions,
} from '@/db/schema';
import { seedDemoSubscriptions } from '@/db/seed/seed';
import { recipientsOf } from '@/delivery/recipients';
import { demoUser, makeNotification } from '@/delivery/testing/delivery-fixtures';
import { Clock } from '@/lib/clock';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createSubscriptions } from './subscriptions.service';

// The notification-types settings' rules, called as their routes call them: the items parsed by
// the call's schema, the caller as `callerOf` makes them. Who may call, the HTTP answers and the
// items' refusals are subscriptions.routes.test.ts's.

type Item = SubscriptionUpdateItem;

describe(createSubscriptions.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createSubscriptions>;
  const branch = new Map<string, number>();
  const agent = new Map<string, number>();

  beforeEach(async () => {
    sut = createSubscriptions({ db: database.db, clock: new Clock() });
    const { db } = database;
    await seedDemoSubscriptions(db);
    await ensureDefaultProcessSettings(db);
    for (const row of await db.select({ id: branches.id, pcc: branches.pcc }).from(branches)) {
      branch.set(row.pcc, row.id);
    }
    for (const row of await db.select({ id: agents.id, initials: agents.initials }).from(agents)) {
      agent.set(row.initials, row.id);
    }
    // Jerusalem does not reprice: its tick cannot be set.
    await db.insert(processSettings).values({
      branchId: branchId('JRS1'),
      process: 'RP',
      enabled: false,
      checkIntervalMinutes: 480,
    });
  });

  const branchId = (pcc: string) => {
    const id = branch.get(pcc);
    if (id === undefined) throw new Error(`no branch ${pcc}`);
    return id;
  };
  const agentId = (initials: string) => {
    const id = agent.get(initials);
    if (id === undefined) throw new Error(`no agent ${initials}`);
    return id;
  };
  const as = (person: DemoPerson) => callerAs(database.db, person);
  const read = async (person: DemoPerson) => sut.settingsOf(await as(person));
  const save = async (person: DemoPerson, items: Item[]) =>
    sut.update(await as(person), SubscriptionUpdate.parse(items));
  const rowKeys = (settings: SubscriptionSettings) =>
    settings.rows
      .map((row) =>
        row.agentId === undefined
          ? `${settings.branches[row.branchId]?.pcc} ${row.process} ${row.media}`
          : `${settings.agents[row.agentId]?.initials} ${row.process} ${row.media}`,
      )
      .sort();
  const pccsOf = (settings: SubscriptionSettings) =>
    Object.values(settings.branches)
      .map((b) => b.pcc)
      .sort();
  const branchRows = (...pccs: string[]) =>
    pccs.flatMap((pcc) =>
      ['ADM', 'C', 'HL', 'RP', 'SC', 'TD'].map((process) => `${pcc} ${process} PUSH`),
    );
  /** Every stored subscription, as 'PCC [initials] process media'. */
  const stored = async () =>
    (
      await database.db
        .select({
          pcc: branches.pcc,
          initials: agents.initials,
          process: subscriptions.process,
          media: subscriptions.media,
        })
        .from(subscriptions)
        .innerJoin(branches, eq(branches.id, subscriptions.branchId))
        .leftJoin(agents, eq(agents.id, subscriptions.agentId))
    )
      .map((row) => [row.pcc, row.initials, row.process, row.media].filter(Boolean).join(' '))
      .sort();
  const subscriptionAudits = () =>
    database.db
      .select({ action: auditLog.action, entityType: auditLog.entityType })
      .from(auditLog)
      .where(like(auditLog.action, 'subscription.%'));

  describe('settingsOf', () => {
    it('should show a super user every row and every branch as managed', async () => {
      const settings = await read(DEMO.superUser);

      expect(rowKeys(settings)).toEqual(branchRows('HFA1', 'JRS1', 'TLV1').sort());
      expect(pccsOf(settings)).toEqual(['HFA1', 'JRS1', 'TLV1']);
      expect(Object.values(settings.branches).every((b) => b.managed)).toBe(true);
      expect(settings.ownAgentId).toBeNull();
      expect(settings.branches[branchId('JRS1')]?.activeProcesses).not.toContain('RP');
      expect(settings.branches[branchId('TLV1')]?.activeProcesses).toContain('RP');
    });

    it("should show a manager their agency's branches and their own agent", async () => {
      const settings = await read(DEMO.manager);

      expect(rowKeys(settings)).toEqual(branchRows('JRS1', 'TLV1').sort());
      expect(pccsOf(settings)).toEqual(['JRS1', 'TLV1']);
      expect(Object.values(settings.branches).every((b) => b.managed)).toBe(true);
      expect(settings.ownAgentId).toBe(agentId('MM'));
      expect(settings.agents[agentId('MM')]).toEqual({
        name: 'Maya Manager',
        initials: 'MM',
        branchId: branchId('TLV1'),
      });
    });

    it('should show a branch manager their branch only', async () => {
      const settings = await read(DEMO.branchManager);

      expect(rowKeys(settings)).toEqual(branchRows('JRS1').sort());
      expect(pccsOf(settings)).toEqual(['JRS1']);
      expect(settings.branches[branchId('JRS1')]?.managed).toBe(true);
    });

    it("should show an agent their branch's rows as not managed", async () => {
      const settings = await read(DEMO.agent);

      expect(rowKeys(settings)).toEqual(branchRows('TLV1').sort());
      expect(settings.branches[branchId('TLV1')]?.managed).toBe(false);
      expect(settings.ownAgentId).toBe(agentId('AA'));
    });

    it('should show an operator, who sits nowhere, nothing', async () => {
      const settings = await read(DEMO.operator);

      expect(settings).toEqual({ rows: [], branches: {}, agents: {}, ownAgentId: null });
    });
  });

  describe('agentsOf', () => {
    it('should list the agents of a branch the caller may subscribe', async () => {
      const agentsOf = async (person: DemoPerson, pcc: string) =>
        (await sut.agentsOf(await as(person), branchId(pcc))).map((a) => a.initials);

      expect(await agentsOf(DEMO.manager, 'TLV1')).toEqual(['AA', 'BA', 'MM']);
      expect(await agentsOf(DEMO.manager, 'HFA1')).toEqual([]);
      expect(await agentsOf(DEMO.agent, 'TLV1')).toEqual(['AA']);
    });
  });

  describe('update', () => {
    it('should apply, audit and deliver what a manager saves inside their agency', async () => {
      const { db } = database;
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
        { process: 'RP', agentId: agentId('AA'), media: 'EMAIL', action: 'ENABLE' },
        { process: 'TD', branchId: branchId('JRS1'), media: 'PUSH', action: 'DISABLE' },
      ];

      const changed = await save(DEMO.manager, items);

      expect(changed).toBe(2);
      const settings = await read(DEMO.manager);
      expect(rowKeys(settings)).toContain('AA RP EMAIL');
      expect(rowKeys(settings)).not.toContain('JRS1 TD PUSH');
      expect(settings.agents[agentId('AA')]?.initials).toBe('AA');
      // The agent sees their own new row too.
      expect(rowKeys(await read(DEMO.agent))).toContain('AA RP EMAIL');
      // What delivery reads: Adam hears of his reprices by e-mail; Jerusalem no longer by push.
      const reprice = await makeNotification(db, 'agent@demo.test', 'Reprice');
      expect(await recipientsOf(db, reprice)).toContainEqual({
        channel: 'EMAIL',
        recipient: 'agent@demo.test',
      });
      expect(await recipientsOf(db, due)).toEqual([]);
      const audited = await subscriptionAudits();
      expect(audited).toEqual(
        expect.arrayContaining([
          { action: 'subscription.enable', entityType: 'agent' },
          { action: 'subscription.disable', entityType: 'branch' },
        ]),
      );
    });

    it('should change nothing and audit nothing when the same is saved again', async () => {
      const items: Item[] = [
        { process: 'RP', agentId: agentId('AA'), media: 'EMAIL', action: 'ENABLE' },
        { process: 'TD', branchId: branchId('JRS1'), media: 'PUSH', action: 'DISABLE' },
      ];
      await save(DEMO.manager, items);
      const audited = await subscriptionAudits();

      const again = await save(DEMO.manager, items);

      expect(again).toBe(0);
      expect(await subscriptionAudits()).toHaveLength(audited.length);
    });

    it("should let an agent change their own agent-level rows, kept under the agent's branch", async () => {
      const changed = await save(DEMO.agent, [
        { process: 'SC', agentId: agentId('AA'), media: 'PUSH', action: 'ENABLE' },
      ]);

      expect(changed).toBe(1);
      const [row] = await database.db
        .select({ branchId: subscriptions.branchId })
        .from(subscriptions)
        .where(and(eq(subscriptions.agentId, agentId('AA')), eq(subscriptions.process, 'SC')));
      expect(row?.branchId).toBe(branchId('TLV1'));
    });

    it.each<[keyof typeof DEMO, string, () => Item]>([
      [
        'manager',
        "another agency's branch",
        () => ({ process: 'RP', branchId: branchId('HFA1'), media: 'EMAIL', action: 'ENABLE' }),
      ],
      [
        'manager',
        "another agency's agent",
        () => ({ process: 'RP', agentId: agentId('GA'), media: 'EMAIL', action: 'ENABLE' }),
      ],
      [
        'branchManager',
        'a branch of the agency not theirs',
        () => ({ process: 'TD', branchId: branchId('TLV1'), media: 'PUSH', action: 'DISABLE' }),
      ],
      [
        'agent',
        "their own branch's branch-wide row",
        () => ({ process: 'TD', branchId: branchId('TLV1'), media: 'PUSH', action: 'DISABLE' }),
      ],
      [
        'agent',
        'a colleague',
        () => ({ process: 'RP', agentId: agentId('BA'), media: 'EMAIL', action: 'ENABLE' }),
      ],
      [
        'operator',
        'any branch',
        () => ({ process: 'RP', branchId: branchId('TLV1'), media: 'EMAIL', action: 'ENABLE' }),
      ],
    ])('should refuse %s changing %s and write nothing', async (role, _what, itemOf) => {
      const before = await stored();
      const own = agentId(role === 'branchManager' ? 'BB' : 'AA');
      // An allowed item in the same save is not written either: all or nothing.
      const allowed: Item = { process: 'HL', agentId: own, media: 'EMAIL', action: 'ENABLE' };
      const items = role === 'operator' ? [itemOf()] : [allowed, itemOf()];

      const refusal = await refusalOf(save(DEMO[role], items));

      expect(refusal.code).toBe('FORBIDDEN');
      expect(await stored()).toEqual(before);
    });
  });
});

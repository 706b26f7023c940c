import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { seedIfEmpty } from '@/db/open-from-env';
import { agencies, agents, branches, subscriptions, users } from '@/db/schema';
import { scopeOf } from '@/db/scope';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { clearDatabase } from './seed';

async function organisation(database: TestDatabase) {
  const db = database.db;
  const agencyRows = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .orderBy(asc(agencies.name));
  const branchRows = await db
    .select({ pcc: branches.pcc, agency: agencies.name })
    .from(branches)
    .innerJoin(agencies, eq(agencies.id, branches.agencyId))
    .orderBy(asc(branches.pcc));
  const userRows = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      roles: users.roles,
      agencyId: users.agencyId,
      branchId: users.branchId,
      agentId: users.agentId,
      multiAgentAccess: users.multiAgentAccess,
      agency: agencies.name,
      pcc: branches.pcc,
      initials: agents.initials,
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(agents, eq(agents.id, users.agentId))
    .orderBy(asc(users.phone));
  return { agencyRows, branchRows, userRows };
}

describe.each(TEST_DATABASE_KINDS)('demo organisation on %s', (kind) => {
  let database: TestDatabase;
  const local = loadEnv({ APP_ENV: 'local' });
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('should not seed when the environment is production', async () => {
    expect(await seedIfEmpty(database, loadEnv({ APP_ENV: 'production' }))).toBe(false);
    expect((await organisation(database)).userRows).toEqual([]);
  });

  it("should make exactly CONTRACT's organisation when the database is empty", async () => {
    expect(await seedIfEmpty(database, local)).toBe(true);
    const { agencyRows, branchRows, userRows } = await organisation(database);
    expect(agencyRows.map((a) => a.name)).toEqual(['Demo Travel', 'Globe Tours']);
    expect(branchRows).toEqual([
      { pcc: 'HFA1', agency: 'Globe Tours' },
      { pcc: 'JRS1', agency: 'Demo Travel' },
      { pcc: 'TLV1', agency: 'Demo Travel' },
    ]);
    expect(
      userRows.map((u) => [u.name, u.email, u.phone, u.roles, u.agency, u.pcc, scopeOf(u).kind]),
    ).toEqual([
      [
        'Super User',
        'super@demo.test',
        '+972500000001',
        ['ROLE_SA_SUPER_USER'],
        null,
        null,
        'superUser',
      ],
      [
        'Maya Manager',
        'manager@demo.test',
        '+972500000002',
        ['ROLE_SA_MANAGER_USER'],
        'Demo Travel',
        'TLV1',
        'agency',
      ],
      [
        'Adam Agent',
        'agent@demo.test',
        '+972500000003',
        ['ROLE_SA_AGENT_USER'],
        'Demo Travel',
        'TLV1',
        'agent',
      ],
      [
        'Bella Agent',
        'agent2@demo.test',
        '+972500000004',
        ['ROLE_SA_AGENT_USER'],
        'Demo Travel',
        'TLV1',
        'agent',
      ],
      [
        'Omer Operator',
        'operator@demo.test',
        '+972500000005',
        ['ROLE_SA_OPERATOR_USER'],
        null,
        null,
        'none',
      ],
      [
        'Ben Branch',
        'branchmanager@demo.test',
        '+972500000006',
        ['ROLE_SA_BRANCH_MANAGER_USER'],
        'Demo Travel',
        'JRS1',
        'branch',
      ],
      [
        'Gil Globe',
        'globe.manager@demo.test',
        '+972500000007',
        ['ROLE_SA_MANAGER_USER'],
        'Globe Tours',
        'HFA1',
        'agency',
      ],
      [
        'Gal Globe',
        'globe.agent@demo.test',
        '+972500000008',
        ['ROLE_SA_AGENT_USER'],
        'Globe Tours',
        'HFA1',
        'agent',
      ],
    ]);
  });

  it('should give every demo agent an agent identity in their branch', async () => {
    const { userRows } = await organisation(database);
    const agentsByEmail = Object.fromEntries(userRows.map((u) => [u.email, u.initials]));
    expect(agentsByEmail).toMatchObject({
      'agent@demo.test': 'AA',
      'agent2@demo.test': 'BA',
      'globe.agent@demo.test': 'GA',
    });
  });

  it('should subscribe every branch to every process by push', async () => {
    const rows = await database.db
      .select({ pcc: branches.pcc, process: subscriptions.process, media: subscriptions.media })
      .from(subscriptions)
      .innerJoin(branches, eq(branches.id, subscriptions.branchId));
    expect(rows).toHaveLength(3 * 7);
    expect(rows.every((row) => row.media === 'PUSH')).toBe(true);
    expect(new Set(rows.filter((row) => row.pcc === 'TLV1').map((row) => row.process))).toEqual(
      new Set(['TD', 'RP', 'CW', 'SC', 'C', 'HL', 'ADM']),
    );
  });

  it('should leave a filled database alone when seeding again', async () => {
    const before = await organisation(database);
    expect(await seedIfEmpty(database, local)).toBe(false);
    expect(await organisation(database)).toEqual(before);
  });

  it('should make the same organisation again after a reset', async () => {
    const before = await organisation(database);
    await clearDatabase(database.db);
    expect((await organisation(database)).userRows).toEqual([]);
    expect(await seedIfEmpty(database, local)).toBe(true);
    const after = await organisation(database);
    // Identities restart on reset, so even the ids come back the same.
    expect(after).toEqual(before);
  });
});

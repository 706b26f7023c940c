import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { users } from '@/db/schema';
import { scopeOf, type Scope } from '@/db/scope';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { listAgencies, listAgents, listBranches } from './organisation.repository';

describe.each(TEST_DATABASE_KINDS)('organisation repository on %s', (kind) => {
  let database: TestDatabase;
  const scopeOfUser = async (email: string): Promise<Scope> => {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no demo user ${email}`);
    return scopeOf(user);
  };
  const names = <T extends { name: string }>(rows: T[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
  });
  afterAll(() => database.close());

  it('should show a super user every agency, branch and agent', async () => {
    const scope = await scopeOfUser('super@demo.test');
    expect(names(await listAgencies(database.db, scope))).toEqual(['Demo Travel', 'Globe Tours']);
    expect((await listBranches(database.db, scope)).map((b) => b.pcc)).toEqual([
      'HFA1',
      'JRS1',
      'TLV1',
    ]);
    expect(await listAgents(database.db, scope)).toHaveLength(6);
  });

  it("should show a manager only their own agency's organisation", async () => {
    const scope = await scopeOfUser('manager@demo.test');
    expect(names(await listAgencies(database.db, scope))).toEqual(['Demo Travel']);
    expect((await listBranches(database.db, scope)).map((b) => b.pcc)).toEqual(['JRS1', 'TLV1']);
    expect(names(await listAgents(database.db, scope))).toEqual([
      'Adam Agent',
      'Bella Agent',
      'Ben Branch',
      'Maya Manager',
    ]);
  });

  it('should show a branch manager their branch and its agents', async () => {
    const scope = await scopeOfUser('branchmanager@demo.test');
    expect((await listBranches(database.db, scope)).map((b) => b.pcc)).toEqual(['JRS1']);
    expect(names(await listAgents(database.db, scope))).toEqual(['Ben Branch']);
  });

  it('should show an agent only themselves', async () => {
    const scope = await scopeOfUser('agent@demo.test');
    expect(names(await listAgencies(database.db, scope))).toEqual(['Demo Travel']);
    expect(names(await listAgents(database.db, scope))).toEqual(['Adam Agent']);
  });

  it("should return nothing when a filter points outside the caller's scope", async () => {
    const globe = await scopeOfUser('globe.manager@demo.test');
    const demoTravel = (await listAgencies(database.db, { kind: 'superUser' })).find(
      (a) => a.name === 'Demo Travel',
    );
    expect(await listBranches(database.db, globe, { agencyId: demoTravel?.id })).toEqual([]);
    const tlv1 = (await listBranches(database.db, { kind: 'superUser' })).find(
      (b) => b.pcc === 'TLV1',
    );
    expect(await listAgents(database.db, globe, { branchId: tlv1?.id })).toEqual([]);
  });

  it('should show nothing to a user without a place in the organisation', async () => {
    const scope = await scopeOfUser('operator@demo.test');
    expect(await listAgencies(database.db, scope)).toEqual([]);
    expect(await listBranches(database.db, scope)).toEqual([]);
    expect(await listAgents(database.db, scope)).toEqual([]);
  });
});

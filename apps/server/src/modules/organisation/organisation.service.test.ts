import { ListAgentsQuery, ListBranchesQuery } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents, users } from '@/db/schema';
import type { Scope } from '@/db/scope';
import { callerAs, refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { DEMO } from '../../../test/sign-in';
import { createOrganisation } from './organisation.service';

// The organisation filter's rules, called as its routes call them: the queries parsed by the
// calls' schemas, the caller's scope as the auth plugin gives it. The fields each call answers,
// who may call and the shape of a refusal are organisation.routes.test.ts's.

type Role = keyof typeof DEMO;

/** What each demo user may pick in the organisation filter (CONTRACT's organisation). */
const VISIBLE: Record<Role, { agencies: string[]; branches: string[]; agents: string[] }> = {
  superUser: {
    agencies: ['Demo Travel', 'Globe Tours'],
    branches: ['HFA1', 'JRS1', 'TLV1'],
    agents: ['Adam Agent', 'Bella Agent', 'Ben Branch', 'Gal Globe', 'Gil Globe', 'Maya Manager'],
  },
  manager: {
    agencies: ['Demo Travel'],
    branches: ['JRS1', 'TLV1'],
    agents: ['Adam Agent', 'Bella Agent', 'Ben Branch', 'Maya Manager'],
  },
  agent: { agencies: ['Demo Travel'], branches: ['TLV1'], agents: ['Adam Agent'] },
  agent2: { agencies: ['Demo Travel'], branches: ['TLV1'], agents: ['Bella Agent'] },
  operator: { agencies: [], branches: [], agents: [] },
  branchManager: { agencies: ['Demo Travel'], branches: ['JRS1'], agents: ['Ben Branch'] },
  globeManager: {
    agencies: ['Globe Tours'],
    branches: ['HFA1'],
    agents: ['Gal Globe', 'Gil Globe'],
  },
  globeAgent: { agencies: ['Globe Tours'], branches: ['HFA1'], agents: ['Gal Globe'] },
};

describe(createOrganisation.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createOrganisation>;

  beforeEach(() => {
    sut = createOrganisation({ db: database.db });
  });

  const scopeOf = async (role: Role): Promise<Scope> =>
    (await callerAs(database.db, DEMO[role])).scope;
  const branchesOf = async (role: Role, query: z.input<typeof ListBranchesQuery> = {}) =>
    sut.branches(await scopeOf(role), ListBranchesQuery.parse(query).agencyId);
  const agentsOf = async (role: Role, query: z.input<typeof ListAgentsQuery> = {}) => {
    const { branchId, ...filter } = ListAgentsQuery.parse(query);
    return sut.agents(await scopeOf(role), branchId, filter);
  };
  const { agencyId, branchId } = idsByName(database);
  const FORBIDDEN = { code: 'FORBIDDEN' } as const;

  describe('agencies, branches and agents', () => {
    it.each(Object.keys(VISIBLE) as Role[])(
      'should list for %s exactly the agencies, branches and agents of their scope',
      async (role) => {
        const scope = await scopeOf(role);

        const agencyRows = await sut.agencies(scope);
        const branchRows = await sut.branches(scope, undefined);
        const agentRows = await sut.agents(scope, undefined, {});

        expect(agencyRows.map((a) => a.name)).toEqual(VISIBLE[role].agencies);
        expect(branchRows.map((b) => b.pcc)).toEqual(VISIBLE[role].branches);
        expect(agentRows.map((a) => a.name)).toEqual(VISIBLE[role].agents);
      },
    );
  });

  describe('branches', () => {
    it("should list one agency's branches inside the scope", async () => {
      const demoTravel = await agencyId('Demo Travel');
      const globeTours = await agencyId('Globe Tours');

      expect((await branchesOf('manager', { agencyId: demoTravel })).map((b) => b.pcc)).toEqual([
        'JRS1',
        'TLV1',
      ]);
      expect((await branchesOf('superUser', { agencyId: globeTours })).map((b) => b.pcc)).toEqual([
        'HFA1',
      ]);
    });

    it('should refuse an agency outside the scope, or none there is', async () => {
      const cases: [Role, number][] = [
        ['globeManager', await agencyId('Demo Travel')],
        ['manager', await agencyId('Globe Tours')],
        ['operator', await agencyId('Demo Travel')],
        ['superUser', 99_999_999_999],
      ];
      for (const [role, agency] of cases) {
        expect(await refusalOf(branchesOf(role, { agencyId: agency })), role).toMatchObject(
          FORBIDDEN,
        );
      }
    });
  });

  describe('agents', () => {
    it("should list one branch's agents inside the scope", async () => {
      const tlv1 = await branchId('TLV1');

      expect(
        (await agentsOf('manager', { branchId: tlv1 })).map((a) => [a.initials, a.name]),
      ).toEqual([
        ['AA', 'Adam Agent'],
        ['BA', 'Bella Agent'],
        ['MM', 'Maya Manager'],
      ]);
      expect((await agentsOf('agent', { branchId: tlv1 })).map((a) => a.name)).toEqual([
        'Adam Agent',
      ]);
    });

    it('should refuse a branch outside the scope, or none there is', async () => {
      const cases: [Role, number][] = [
        ['branchManager', await branchId('TLV1')],
        ['agent', await branchId('JRS1')],
        ['superUser', 999_999],
      ];
      for (const [role, branch] of cases) {
        expect(await refusalOf(agentsOf(role, { branchId: branch })), role).toMatchObject(
          FORBIDDEN,
        );
      }
    });

    it("should list only the agents without a user, keeping the edited user's own, when asked", async () => {
      const tlv1 = await branchId('TLV1');
      await database.db.insert(agents).values({ branchId: tlv1, name: 'Nora New', initials: 'NN' });
      const [adam] = await database.db.select().from(users).where(eq(users.name, 'Adam Agent'));
      const names = async (role: Role, query: z.input<typeof ListAgentsQuery>) =>
        (await agentsOf(role, query)).map((a) => a.name);

      expect(await names('manager', { branchId: tlv1 })).toEqual([
        'Adam Agent',
        'Bella Agent',
        'Maya Manager',
        'Nora New',
      ]);
      expect(await names('manager', { branchId: tlv1, withoutUser: 'true' })).toEqual(['Nora New']);
      expect(
        await names('manager', { branchId: tlv1, withoutUser: 'true', keepingUser: adam!.id }),
      ).toEqual(['Adam Agent', 'Nora New']);
      expect(await names('manager', { branchId: tlv1, withoutUser: 'false' })).toHaveLength(4);
      // Still the caller's scope: an agent sees no colleague, free or not.
      expect(await names('agent', { withoutUser: 'true' })).toEqual([]);
      expect(await names('globeManager', { withoutUser: 'true' })).toEqual([]);
      expect(
        await refusalOf(agentsOf('globeManager', { branchId: tlv1, withoutUser: 'true' })),
      ).toMatchObject(FORBIDDEN);
    });
  });
});

import {
  AgencyCreateBody,
  AgencyDeleteBody,
  AgencyListQuery,
  AgencyStatusBody,
  AgencyUpdateBody,
  AgentCreateBody,
  AgentDeleteBody,
  AgentListQuery,
  AgentStatusBody,
  AgentUpdateBody,
  BranchCreateBody,
  BranchDeleteBody,
  BranchListQuery,
  BranchStatusBody,
  BranchUpdateBody,
} from '@smt/shared';
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createOrganisationAdmin } from './organisation-admin.service';

// The agency, branch and agent management pages' rules, called as their routes call them: the
// forms parsed by the calls' schemas, the caller as `callerOf` makes them. Who may open each
// page, the HTTP answers and the CSV files are organisation-admin.routes.test.ts's; the limit on
// taken PCCs is management-conflicts.service.test.ts's.

describe(createOrganisationAdmin.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createOrganisationAdmin>;

  beforeEach(() => {
    sut = createOrganisationAdmin({
      db: database.db,
      clock: new Clock(),
      newAgenciesOnSimulator: true,
    });
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);

  const { agencyId, branchId, agentId } = idsByName(database);
  const auditCount = async () =>
    (await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

  const agencyPage = async (person: DemoPerson, query: z.input<typeof AgencyListQuery>) =>
    sut.agency.page(await as(person), AgencyListQuery.parse(query));
  const branchPage = async (person: DemoPerson, query: z.input<typeof BranchListQuery>) =>
    sut.branch.page(await as(person), BranchListQuery.parse(query));
  const agentPage = async (person: DemoPerson, query: z.input<typeof AgentListQuery>) =>
    sut.agent.page(await as(person), AgentListQuery.parse(query));

  /** Sun Trips, an agency the super user adds. */
  const addSunTrips = async () => {
    const { id } = await sut.agency.create(
      await as(DEMO.superUser),
      AgencyCreateBody.parse({ name: 'Sun Trips' }),
    );
    return id;
  };
  /** Eilat, a branch the manager adds to their agency, Demo Travel. */
  const addEilat = async () => {
    const { id } = await sut.branch.create(
      await as(DEMO.manager),
      BranchCreateBody.parse({
        name: 'Eilat',
        pcc: 'eil1',
        agencyId: await agencyId('Demo Travel'),
      }),
    );
    return id;
  };
  /** Eli, an agent the manager adds to Eilat. */
  const addEli = async (eilat: number) => {
    const { id } = await sut.agent.create(
      await as(DEMO.manager),
      AgentCreateBody.parse({ name: 'Eli Eilat', initials: 'ee', branchId: eilat }),
    );
    return id;
  };
  const agentsOfEilat = async (eilat: number) =>
    (await agentPage(DEMO.manager, { branchId: eilat })).items.map((a) => [
      a.name,
      a.initials,
      a.pcc,
      a.enabled,
    ]);

  /**
   * What a manager reaching another agency's ids must leave as it was: Haifa (Globe Tours)
   * enabled, and nothing audited.
   */
  const untouched = async () => {
    const haifa = await branchPage(DEMO.superUser, { name: 'HFA1' });
    return { haifa: haifa.items, audits: await auditCount() };
  };
  const expectUntouched = async (before: Awaited<ReturnType<typeof untouched>>) => {
    const after = await untouched();
    expect(after.haifa).toEqual([expect.objectContaining({ name: 'Haifa', enabled: true })]);
    expect(after).toEqual(before);
  };

  describe('agency', () => {
    describe('create', () => {
      it('should add an agency and audit it', async () => {
        const before = await auditCount();

        const id = await addSunTrips();

        expect(await agencyPage(DEMO.superUser, { name: 'sun' })).toEqual({
          items: [{ id, name: 'Sun Trips', enabled: true }],
          total: 1,
        });
        expect(await auditCount()).toBe(before + 1);
      });

      it('should refuse a name another agency has, naming the field', async () => {
        const refusal = await refusalOf(
          sut.agency.create(
            await as(DEMO.superUser),
            AgencyCreateBody.parse({ name: 'demo travel' }),
          ),
        );

        expect(refusal.code).toBe('CONFLICT');
        expect(refusal.message).toMatch(/name/);
      });
    });

    describe('update', () => {
      it('should rename an agency and audit it', async () => {
        const id = await addSunTrips();
        const before = await auditCount();

        await sut.agency.update(
          await as(DEMO.superUser),
          AgencyUpdateBody.parse({ agencyId: id, name: 'Sun Trips Ltd' }),
        );

        expect(await agencyPage(DEMO.superUser, { name: 'sun' })).toEqual({
          items: [{ id, name: 'Sun Trips Ltd', enabled: true }],
          total: 1,
        });
        expect(await auditCount()).toBe(before + 1);
      });
    });

    describe('setEnabled', () => {
      it('should disable an agency and audit it', async () => {
        const id = await addSunTrips();
        const before = await auditCount();

        await sut.agency.setEnabled(
          await as(DEMO.superUser),
          AgencyStatusBody.parse({ agencyId: id, enabled: 'false' }),
        );

        expect(await agencyPage(DEMO.superUser, { name: 'sun' })).toEqual({
          items: [{ id, name: 'Sun Trips', enabled: false }],
          total: 1,
        });
        expect(await auditCount()).toBe(before + 1);
      });
    });

    describe('delete', () => {
      it('should delete an agency nothing refers to and audit it', async () => {
        const id = await addSunTrips();
        const before = await auditCount();

        await sut.agency.delete(await as(DEMO.superUser), AgencyDeleteBody.parse({ agencyId: id }));

        expect((await agencyPage(DEMO.superUser, { name: 'sun' })).total).toBe(0);
        expect(await auditCount()).toBe(before + 1);
      });
    });
  });

  describe('branch', () => {
    describe('create', () => {
      it('should add a branch to the agency the caller runs, its PCC in capitals', async () => {
        const id = await addEilat();

        expect((await branchPage(DEMO.manager, { name: 'eil1' })).items).toEqual([
          {
            id,
            name: 'Eilat',
            pcc: 'EIL1',
            agencyId: await agencyId('Demo Travel'),
            agencyName: 'Demo Travel',
            enabled: true,
          },
        ]);
      });

      it('should refuse a PCC another branch has, naming the field', async () => {
        const refusal = await refusalOf(
          sut.branch.create(
            await as(DEMO.manager),
            BranchCreateBody.parse({
              name: 'Copy',
              pcc: 'tlv1',
              agencyId: await agencyId('Demo Travel'),
            }),
          ),
        );

        expect(refusal.code).toBe('CONFLICT');
        expect(refusal.message).toMatch(/PCC/);
      });

      it('should refuse a manager adding a branch to another agency, changing nothing', async () => {
        const globe = await agencyId('Globe Tours');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.branch.create(
            await as(DEMO.manager),
            BranchCreateBody.parse({ name: 'Sneaky', pcc: 'SNK1', agencyId: globe }),
          ),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('update', () => {
      it("should store a branch's new name and PCC", async () => {
        const id = await addEilat();
        const demoTravel = await agencyId('Demo Travel');

        await sut.branch.update(
          await as(DEMO.manager),
          BranchUpdateBody.parse({
            branchId: id,
            name: 'Eilat Port',
            pcc: 'EIL2',
            agencyId: demoTravel,
          }),
        );

        expect((await branchPage(DEMO.manager, { name: 'eil2' })).items).toEqual([
          {
            id,
            name: 'Eilat Port',
            pcc: 'EIL2',
            agencyId: demoTravel,
            agencyName: 'Demo Travel',
            enabled: true,
          },
        ]);
      });

      it("should refuse a manager changing another agency's branch, changing nothing", async () => {
        const form = {
          branchId: await branchId('HFA1'),
          name: 'Mine',
          pcc: 'HFA1',
          agencyId: await agencyId('Globe Tours'),
        };
        const before = await untouched();

        const refusal = await refusalOf(
          sut.branch.update(await as(DEMO.manager), BranchUpdateBody.parse(form)),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('setEnabled', () => {
      it('should disable a branch', async () => {
        const id = await addEilat();

        await sut.branch.setEnabled(
          await as(DEMO.manager),
          BranchStatusBody.parse({ branchId: id, enabled: false }),
        );

        expect((await branchPage(DEMO.manager, { name: 'eil1' })).items).toEqual([
          expect.objectContaining({ id, enabled: false }),
        ]);
      });

      it("should refuse a manager disabling another agency's branch, changing nothing", async () => {
        const hfa1 = await branchId('HFA1');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.branch.setEnabled(
            await as(DEMO.manager),
            BranchStatusBody.parse({ branchId: hfa1, enabled: 'false' }),
          ),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('delete', () => {
      it('should delete a branch nothing refers to', async () => {
        const id = await addEilat();

        await sut.branch.delete(await as(DEMO.manager), BranchDeleteBody.parse({ branchId: id }));

        expect((await branchPage(DEMO.manager, { name: 'eil' })).total).toBe(0);
      });

      it('should refuse a branch still in use, saying to disable it, and keep it', async () => {
        const tlv1 = await branchId('TLV1');

        const refusal = await refusalOf(
          sut.branch.delete(await as(DEMO.manager), BranchDeleteBody.parse({ branchId: tlv1 })),
        );

        expect(refusal.code).toBe('CONFLICT');
        expect(refusal.message).toMatch(/Disable it instead/);
        expect(await branchId('TLV1')).toBe(tlv1);
      });

      it("should refuse a manager deleting another agency's branch, changing nothing", async () => {
        const hfa1 = await branchId('HFA1');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.branch.delete(await as(DEMO.manager), BranchDeleteBody.parse({ branchId: hfa1 })),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('page', () => {
      it('should answer the page asked for, with the total of the whole search', async () => {
        const all = await branchPage(DEMO.superUser, {});

        const first = await branchPage(DEMO.superUser, { limit: 2 });
        const rest = await branchPage(DEMO.superUser, { offset: 2, limit: 2 });

        expect(first.total).toBe(all.total);
        expect([...first.items, ...rest.items]).toEqual(all.items.slice(0, 4));
      });

      it("should refuse a manager's filter naming another agency", async () => {
        const refusal = await refusalOf(
          branchPage(DEMO.manager, { agencyId: await agencyId('Globe Tours') }),
        );

        expect(refusal.code).toBe('FORBIDDEN');
      });
    });
  });

  describe('agent', () => {
    describe('create', () => {
      it('should add an agent to a branch the caller may manage, the initials in capitals', async () => {
        const eilat = await addEilat();

        await addEli(eilat);

        expect(await agentsOfEilat(eilat)).toEqual([['Eli Eilat', 'EE', 'EIL1', true]]);
      });

      it('should refuse initials another agent of the branch has, naming the field', async () => {
        const refusal = await refusalOf(
          sut.agent.create(
            await as(DEMO.manager),
            AgentCreateBody.parse({
              name: 'Another',
              initials: 'aa',
              branchId: await branchId('TLV1'),
            }),
          ),
        );

        expect(refusal.code).toBe('CONFLICT');
        expect(refusal.message).toMatch(/initials/);
      });

      it("should refuse a manager adding an agent to another agency's branch, changing nothing", async () => {
        const hfa1 = await branchId('HFA1');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.agent.create(
            await as(DEMO.manager),
            AgentCreateBody.parse({ name: 'Sneaky', initials: 'SN', branchId: hfa1 }),
          ),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('update', () => {
      it("should store an agent's new name and initials", async () => {
        const eilat = await addEilat();
        const id = await addEli(eilat);

        await sut.agent.update(
          await as(DEMO.manager),
          AgentUpdateBody.parse({ agentId: id, name: 'Eli E.', initials: 'EE2', branchId: eilat }),
        );

        expect(await agentsOfEilat(eilat)).toEqual([['Eli E.', 'EE2', 'EIL1', true]]);
      });

      it("should refuse a manager changing another agency's agent, changing nothing", async () => {
        const form = {
          agentId: await agentId('GG'),
          name: 'Mine',
          initials: 'GG',
          branchId: await branchId('HFA1'),
        };
        const before = await untouched();

        const refusal = await refusalOf(
          sut.agent.update(await as(DEMO.manager), AgentUpdateBody.parse(form)),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('setEnabled', () => {
      it('should disable an agent', async () => {
        const eilat = await addEilat();
        const id = await addEli(eilat);

        await sut.agent.setEnabled(
          await as(DEMO.manager),
          AgentStatusBody.parse({ agentId: id, enabled: 'false' }),
        );

        expect(await agentsOfEilat(eilat)).toEqual([['Eli Eilat', 'EE', 'EIL1', false]]);
      });

      it("should refuse a manager disabling another agency's agent, changing nothing", async () => {
        const gal = await agentId('GG');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.agent.setEnabled(
            await as(DEMO.manager),
            AgentStatusBody.parse({ agentId: gal, enabled: 'false' }),
          ),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('delete', () => {
      it('should delete an agent nothing refers to', async () => {
        const eilat = await addEilat();
        const id = await addEli(eilat);

        await sut.agent.delete(await as(DEMO.manager), AgentDeleteBody.parse({ agentId: id }));

        expect(await agentsOfEilat(eilat)).toEqual([]);
      });

      it('should refuse an agent still in use', async () => {
        const adam = await agentId('AA');

        const refusal = await refusalOf(
          sut.agent.delete(await as(DEMO.manager), AgentDeleteBody.parse({ agentId: adam })),
        );

        expect(refusal.code).toBe('CONFLICT');
      });

      it("should refuse a manager deleting another agency's agent, changing nothing", async () => {
        const gal = await agentId('GG');
        const before = await untouched();

        const refusal = await refusalOf(
          sut.agent.delete(await as(DEMO.manager), AgentDeleteBody.parse({ agentId: gal })),
        );

        expect(refusal.code).toBe('FORBIDDEN');
        await expectUntouched(before);
      });
    });

    describe('page', () => {
      it("should refuse a manager's filter naming another agency's branch", async () => {
        const refusal = await refusalOf(
          agentPage(DEMO.manager, { branchId: await branchId('HFA1') }),
        );

        expect(refusal.code).toBe('FORBIDDEN');
      });
    });
  });
});

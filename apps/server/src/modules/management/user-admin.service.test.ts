import { UserCreateBody, UserListQuery, UserUpdateBody } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createUserAdmin } from './user-admin.service';

// The user management page's rules, called as its routes call them: the forms parsed by the
// calls' schemas, the caller as `callerOf` makes them. Who may call each route, and the HTTP
// answers, are user-admin.routes.test.ts's.

describe(createUserAdmin.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createUserAdmin>;

  beforeEach(() => {
    sut = createUserAdmin({ db: database.db, clock: new Clock() });
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);
  const createForm = (form: z.input<typeof UserCreateBody>) => UserCreateBody.parse(form);
  const updateForm = (form: z.input<typeof UserUpdateBody>) => UserUpdateBody.parse(form);
  const search = async (person: DemoPerson, query: z.input<typeof UserListQuery>) =>
    sut.page(await as(person), UserListQuery.parse(query));

  const { branchId, agentId, userId } = idsByName(database);
  const statusOf = async (id: number) => {
    const [row] = await database.db
      .select({ enabled: users.enabled, activated: users.activated })
      .from(users)
      .where(eq(users.id, id));
    return row;
  };
  const confirmedOf = async (id: number) => {
    const [row] = await database.db
      .select({ at: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, id));
    return row && row.at !== null;
  };
  /** Dana, a branch manager of Jerusalem (Demo Travel) the super user adds. */
  const addDana = async () => {
    const { id } = await sut.create(
      await as(DEMO.superUser),
      createForm({
        name: 'Dana Desk',
        email: 'dana@demo.test',
        deviceNumber: '+972500000098',
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: await branchId('JRS1'),
      }),
    );
    return id;
  };
  const outsider = { name: 'X', email: 'x@demo.test', deviceNumber: '+972500000091' };

  describe('create', () => {
    it('should refuse an e-mail or a device number another user has, naming which', async () => {
      const base = {
        name: 'Copy',
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: await branchId('TLV1'),
      } as const;
      const superUser = await as(DEMO.superUser);

      const email = await refusalOf(
        sut.create(
          superUser,
          createForm({ ...base, email: DEMO.agent.email, deviceNumber: '+972500000090' }),
        ),
      );
      const phone = await refusalOf(
        sut.create(
          superUser,
          createForm({ ...base, email: 'copy@demo.test', deviceNumber: DEMO.agent.phone }),
        ),
      );

      expect(email.code).toBe('CONFLICT');
      expect(email.message).toMatch(/email/);
      expect(phone.code).toBe('CONFLICT');
      expect(phone.message).toMatch(/device number/);
    });

    it('should add a user whose e-mail another user only claims, and vouch for it', async () => {
      // An e-mail no one proved is a claim: it blocks no one (docs/decisions/024).
      await database.db
        .update(users)
        .set({ emailConfirmedAt: null })
        .where(eq(users.email, DEMO.operator.email));

      const { id } = await sut.create(
        await as(DEMO.manager),
        createForm({
          name: 'Real Owner',
          email: DEMO.operator.email.toUpperCase(),
          deviceNumber: '+972500000089',
          role: 'ROLE_SA_BRANCH_MANAGER_USER',
          branchId: await branchId('TLV1'),
        }),
      );

      expect(await confirmedOf(id)).toBe(true);
    });

    it("should refuse a manager placing a user in another agency's branch, or giving a super role", async () => {
      const manager = await as(DEMO.manager);
      const hfa1 = await branchId('HFA1');

      const refusals = [
        await refusalOf(
          sut.create(
            manager,
            createForm({ ...outsider, role: 'ROLE_SA_BRANCH_MANAGER_USER', branchId: hfa1 }),
          ),
        ),
        await refusalOf(
          sut.create(
            manager,
            createForm({ ...outsider, role: 'ROLE_SA_SUPER_USER', branchId: hfa1 }),
          ),
        ),
      ];

      expect(refusals.map((refusal) => refusal.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
      const all = await search(DEMO.superUser, { limit: 100 });
      expect(all.items.find((u) => u.email === outsider.email)).toBeUndefined();
    });
  });

  describe('update', () => {
    it("should store a user's new name, device number and branch", async () => {
      const id = await addDana();
      const jrs1 = await branchId('JRS1');

      await sut.update(
        await as(DEMO.manager),
        updateForm({
          userId: id,
          name: 'Dana D.',
          email: 'dana.d@demo.test',
          deviceNumber: '+972500000097',
          role: 'ROLE_SA_BRANCH_MANAGER_USER',
          branchId: jrs1,
        }),
      );

      const page = await search(DEMO.manager, { email: 'dana.d' });
      expect(page.items).toEqual([
        expect.objectContaining({
          id,
          name: 'Dana D.',
          deviceNumber: '+972500000097',
          branchId: jrs1,
        }),
      ]);
    });

    it('should vouch for an e-mail when a manager changes it, and only then', async () => {
      const manager = await as(DEMO.manager);
      const fields = {
        name: 'Claimed Mail',
        email: 'claimed@demo.test',
        deviceNumber: '+972500000088',
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: await branchId('TLV1'),
      } as const;
      const { id } = await sut.create(manager, createForm(fields));
      await database.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, id));

      await sut.update(manager, updateForm({ ...fields, userId: id, name: 'C. Mail' }));
      expect(await confirmedOf(id)).toBe(false);

      await sut.update(manager, updateForm({ ...fields, userId: id, email: 'vouched@demo.test' }));
      expect(await confirmedOf(id)).toBe(true);
    });

    it("should refuse a manager changing another agency's user, moving their own out of the agency or making them a super user", async () => {
      const manager = await as(DEMO.manager);
      const gil = await userId(DEMO.globeManager.email);
      const adam = await userId(DEMO.agent.email);
      const hfa1 = await branchId('HFA1');

      const refusals = [
        await refusalOf(
          sut.update(
            manager,
            updateForm({ ...outsider, userId: gil, role: 'ROLE_SA_MANAGER_USER', branchId: hfa1 }),
          ),
        ),
        await refusalOf(
          sut.update(
            manager,
            updateForm({
              ...outsider,
              userId: adam,
              role: 'ROLE_SA_BRANCH_MANAGER_USER',
              branchId: hfa1,
            }),
          ),
        ),
        await refusalOf(
          sut.update(
            manager,
            updateForm({
              ...outsider,
              userId: adam,
              role: 'ROLE_SA_SUPER_USER',
              agentId: await agentId('AA'),
            }),
          ),
        ),
      ];

      expect(refusals.map((refusal) => refusal.code)).toEqual([
        'FORBIDDEN',
        'FORBIDDEN',
        'FORBIDDEN',
      ]);
      const all = (await search(DEMO.superUser, { limit: 100 })).items;
      expect(all.find((u) => u.id === adam)).toMatchObject({ roles: ['ROLE_SA_AGENT_USER'] });
    });
  });

  describe('setEnabled', () => {
    it("should disable a user of the caller's agency", async () => {
      const id = await addDana();

      await sut.setEnabled(await as(DEMO.manager), { userId: id, enabled: false });

      const page = await search(DEMO.manager, { email: 'dana' });
      expect(page.items).toEqual([expect.objectContaining({ id, enabled: false })]);
    });

    it('should refuse a manager disabling their own user, and change nothing', async () => {
      const self = await userId(DEMO.manager.email);

      const refusal = await refusalOf(
        sut.setEnabled(await as(DEMO.manager), { userId: self, enabled: false }),
      );

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: 'You cannot disable, deactivate or delete yourself.',
        reason: 'management.not-yourself',
      });
      expect(await statusOf(self)).toEqual({ enabled: true, activated: true });
    });

    it("should refuse a manager disabling another agency's user", async () => {
      const gil = await userId(DEMO.globeManager.email);

      const refusal = await refusalOf(
        sut.setEnabled(await as(DEMO.manager), { userId: gil, enabled: false }),
      );

      expect(refusal.code).toBe('FORBIDDEN');
      const all = (await search(DEMO.superUser, { limit: 100 })).items;
      expect(all.find((u) => u.id === gil)).toMatchObject({ enabled: true });
    });
  });

  describe('setActivated', () => {
    it("should deactivate a user of the caller's agency", async () => {
      const id = await addDana();

      await sut.setActivated(await as(DEMO.manager), { userId: id, activated: false });

      const page = await search(DEMO.manager, { email: 'dana' });
      expect(page.items).toEqual([expect.objectContaining({ id, activated: false })]);
    });

    it('should refuse a manager deactivating their own user, and change nothing', async () => {
      const self = await userId(DEMO.manager.email);

      const refusal = await refusalOf(
        sut.setActivated(await as(DEMO.manager), { userId: self, activated: false }),
      );

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: 'You cannot disable, deactivate or delete yourself.',
        reason: 'management.not-yourself',
      });
      expect(await statusOf(self)).toEqual({ enabled: true, activated: true });
    });
  });

  describe('delete', () => {
    it("should delete a user of the caller's agency", async () => {
      const id = await addDana();

      await sut.delete(await as(DEMO.manager), { userId: id });

      expect((await search(DEMO.manager, { email: 'dana' })).total).toBe(0);
    });

    it('should refuse a manager deleting their own user, and change nothing', async () => {
      const self = await userId(DEMO.manager.email);

      const refusal = await refusalOf(sut.delete(await as(DEMO.manager), { userId: self }));

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: 'You cannot disable, deactivate or delete yourself.',
        reason: 'management.not-yourself',
      });
      expect(await statusOf(self)).toEqual({ enabled: true, activated: true });
    });

    it("should refuse a manager deleting another agency's user", async () => {
      const gil = await userId(DEMO.globeManager.email);

      const refusal = await refusalOf(sut.delete(await as(DEMO.manager), { userId: gil }));

      expect(refusal.code).toBe('FORBIDDEN');
      const all = (await search(DEMO.superUser, { limit: 100 })).items;
      expect(all.find((u) => u.id === gil)).toMatchObject({ enabled: true });
    });
  });

  describe('page', () => {
    it('should answer the page asked for, with the total of the whole search', async () => {
      const all = await search(DEMO.superUser, { limit: 100 });

      const page = await search(DEMO.superUser, { offset: 1, limit: 2 });

      expect(page.total).toBe(all.total);
      expect(page.items).toEqual(all.items.slice(1, 3));
    });

    it('should find users by role and by part of the device number', async () => {
      const agentUsers = await search(DEMO.superUser, { role: 'ROLE_SA_AGENT_USER' });
      const byPhone = await search(DEMO.superUser, { deviceNumber: '0000005' });

      expect(agentUsers.items.length).toBeGreaterThan(0);
      expect(agentUsers.items.every((u) => u.roles.includes('ROLE_SA_AGENT_USER'))).toBe(true);
      expect(byPhone.items.map((u) => u.email)).toEqual([DEMO.operator.email]);
    });

    it("should refuse a manager's filter naming another agency's branch", async () => {
      const refusal = await refusalOf(search(DEMO.manager, { branchId: await branchId('HFA1') }));

      expect(refusal.code).toBe('FORBIDDEN');
    });
  });
});

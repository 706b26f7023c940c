import {
  AgencyCreateBody,
  BranchCreateBody,
  BranchUpdateBody,
  managementMessages,
  UserCreateBody,
  UserUpdateBody,
  type ApiErrorBody,
} from '@smt/shared';
import { and, asc, count, eq, or } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, branches, users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { insertNewRegisteredUser } from '@/modules/users';
import { callerAs, refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { CONFLICT_LIMIT } from './conflict-limit';
import { createOrganisationAdmin } from './organisation-admin.service';
import { createUserAdmin } from './user-admin.service';

// Issue 19, point 6: a stranger may self-register, add an agency and manage it, so the
// management calls' refusals of a taken e-mail, phone and PCC must not answer "who exists"
// without limit (docs/decisions/025). The user and branch writes that check such values are
// called here as their routes call them; the 429 over HTTP, and the limit under concurrent
// writes on PostgreSQL, are management-conflicts.routes.test.ts's.

type Caller = Awaited<ReturnType<typeof callerAs>>;

const LIMIT = CONFLICT_LIMIT.perWindow;

const LIMITED: ApiErrorBody = {
  code: 'RATE_LIMITED',
  message: managementMessages.conflictsLimited,
  reason: 'management.conflicts-limited',
};

const stranger = (n: number): DemoPerson => ({
  email: `stranger${n}@conflicts.test`,
  phone: `+9725000008${String(n).padStart(2, '0')}`,
});

describe('the conflict limit of the management writes', () => {
  const database = useServiceDatabase();
  let clock: Clock;
  let userAdmin: ReturnType<typeof createUserAdmin>;
  let organisationAdmin: ReturnType<typeof createOrganisationAdmin>;
  let fresh = 0;
  // Phones and e-mails no one has, for the writes that must not conflict.
  const freshPhone = () => `+972500000${700 + (fresh += 1)}`;
  const freshEmail = () => `fresh${(fresh += 1)}@conflicts.test`;

  beforeEach(() => {
    clock = new Clock();
    userAdmin = createUserAdmin({ db: database.db, clock });
    organisationAdmin = createOrganisationAdmin({
      db: database.db,
      clock,
      newAgenciesOnSimulator: true,
    });
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);
  const idOf = async (email: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const { branchId } = idsByName(database);
  /** The refusals audited against a real user, oldest first. */
  const refusalsOf = (realUserId: number) =>
    database.db
      .select({
        userId: auditLog.userId,
        action: auditLog.action,
        entityType: auditLog.entityType,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.realUserId, realUserId), eq(auditLog.result, 'FAILURE')))
      .orderBy(asc(auditLog.id));

  /** A new user's form, as the user page sends it. */
  const userForm = (branch: number, fields: { email?: string; deviceNumber?: string } = {}) => ({
    name: 'Probe',
    email: fields.email ?? freshEmail(),
    deviceNumber: fields.deviceNumber ?? freshPhone(),
    role: 'ROLE_SA_BRANCH_MANAGER_USER',
    branchId: branch,
  });
  const newUser = (branch: number, fields: { email?: string; deviceNumber?: string } = {}) =>
    UserCreateBody.parse(userForm(branch, fields));

  /**
   * A stranger registers, adds an agency, a branch and a branch manager: theirs to probe with.
   * As their sign-in does, each write is made as they are then.
   */
  const onboard = async (person: DemoPerson) => {
    const { id: userId } = await insertNewRegisteredUser(database.db, {
      name: 'Stranger',
      email: person.email,
      phone: person.phone,
    });
    const { id: agencyId } = await organisationAdmin.agency.create(
      await as(person),
      AgencyCreateBody.parse({ name: `Agency of ${person.email}` }),
    );
    const pcc = `S${person.phone.slice(-4)}`;
    const { id: branch } = await organisationAdmin.branch.create(
      await as(person),
      BranchCreateBody.parse({ name: 'Home', pcc, agencyId }),
    );
    const deputy: DemoPerson = { email: freshEmail(), phone: freshPhone() };
    const { id: deputyId } = await userAdmin.create(
      await as(person),
      UserCreateBody.parse({
        name: 'Deputy',
        email: deputy.email,
        deviceNumber: deputy.phone,
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: branch,
      }),
    );
    return { person, userId, agencyId, branchId: branch, pcc, deputy, deputyId };
  };
  type Onboarded = Awaited<ReturnType<typeof onboard>>;

  /** The deputy, with the stranger who switched to them as the real user, as `callerOf` says. */
  const actingAsDeputy = async (o: Onboarded): Promise<Caller> => {
    const real = await as(o.person);
    return {
      ...(await as(o.deputy)),
      realUserId: real.realUserId,
      realUserRoles: real.realUserRoles,
    };
  };

  /** Every way of naming something taken, with the field and kind the audit should say. */
  const probesOf = (o: Onboarded) => [
    {
      write: (caller: Caller) =>
        userAdmin.create(caller, newUser(o.branchId, { email: DEMO.agent.email })),
      details: { refusal: 'taken', field: 'email', kind: 'email' },
      action: 'user.create',
    },
    {
      write: (caller: Caller) =>
        userAdmin.create(caller, newUser(o.branchId, { deviceNumber: DEMO.agent.phone })),
      details: { refusal: 'taken', field: 'deviceNumber', kind: 'phone' },
      action: 'user.create',
    },
    {
      write: (caller: Caller) =>
        organisationAdmin.branch.create(
          caller,
          BranchCreateBody.parse({ name: 'Probe', pcc: 'TLV1', agencyId: o.agencyId }),
        ),
      details: { refusal: 'taken', field: 'pcc', kind: 'branchCode' },
      action: 'branch.create',
    },
    {
      write: (caller: Caller) =>
        userAdmin.update(
          caller,
          UserUpdateBody.parse({
            ...userForm(o.branchId, { email: DEMO.globeAgent.email, deviceNumber: o.deputy.phone }),
            userId: o.deputyId,
          }),
        ),
      details: { refusal: 'taken', field: 'email', kind: 'email' },
      action: 'user.update',
    },
    {
      write: (caller: Caller) =>
        organisationAdmin.branch.update(
          caller,
          BranchUpdateBody.parse({
            name: 'Home',
            pcc: 'HFA1',
            agencyId: o.agencyId,
            branchId: o.branchId,
          }),
        ),
      details: { refusal: 'taken', field: 'pcc', kind: 'branchCode' },
      action: 'branch.update',
    },
  ];

  it('should audit each taken e-mail, phone and PCC a self-registered manager probes, keeping not the value', async () => {
    const o = await onboard(stranger(1));
    const probes = probesOf(o);
    const expected: { action: string; details: object }[] = [];

    for (let i = 0; i < LIMIT; i += 1) {
      const probe = probes[i % probes.length];
      if (!probe) throw new Error('no probe');
      expect((await refusalOf(probe.write(await as(o.person)))).code).toBe('CONFLICT');
      expected.push({ action: probe.action, details: probe.details });
    }

    const refusals = await refusalsOf(o.userId);
    expect(refusals.map(({ action, details }) => ({ action, details }))).toEqual(expected);
    // What was probed is not kept: the audit needs the field, not the person.
    const kept = JSON.stringify(refusals);
    for (const value of [DEMO.agent.email, DEMO.agent.phone, DEMO.globeAgent.email]) {
      expect(kept).not.toContain(value);
    }
  });

  it('should refuse every checked write after the limit alike, taken or not, writing nothing and auditing each', async () => {
    const o = await onboard(stranger(1));
    const probes = probesOf(o);
    for (let i = 0; i < LIMIT; i += 1) {
      await refusalOf(probes[i % probes.length]!.write(await as(o.person)));
    }
    const caller = await as(o.person);
    const unused = newUser(o.branchId);

    // Over the limit every such write answers the same, taken or not: the refusal says nothing.
    const limited = [
      await refusalOf(userAdmin.create(caller, newUser(o.branchId, { email: DEMO.agent.email }))),
      await refusalOf(userAdmin.create(caller, unused)),
      await refusalOf(
        organisationAdmin.branch.create(
          caller,
          BranchCreateBody.parse({ name: 'New', pcc: 'FREE1', agencyId: o.agencyId }),
        ),
      ),
      await refusalOf(
        userAdmin.update(
          caller,
          UserUpdateBody.parse({
            ...userForm(o.branchId, { email: o.deputy.email, deviceNumber: o.deputy.phone }),
            userId: o.deputyId,
          }),
        ),
      ),
      await refusalOf(
        organisationAdmin.branch.update(
          caller,
          BranchUpdateBody.parse({
            name: 'Renamed',
            pcc: o.pcc,
            agencyId: o.agencyId,
            branchId: o.branchId,
          }),
        ),
      ),
    ];

    expect(limited).toEqual(limited.map(() => LIMITED));
    const [written] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, unused.email));
    const [branchesWritten] = await database.db
      .select({ n: count() })
      .from(branches)
      .where(or(eq(branches.pcc, 'FREE1'), eq(branches.name, 'Renamed')));
    expect((written?.n ?? 0) + (branchesWritten?.n ?? 0)).toBe(0);
    const after = await refusalsOf(o.userId);
    expect(after.slice(LIMIT).map((row) => row.details)).toEqual(
      limited.map(() => ({ refusal: 'rateLimited' })),
    );
  });

  it('should let the caller write again an hour after the conflicts', async () => {
    const o = await onboard(stranger(1));
    for (let i = 0; i < LIMIT; i += 1) {
      await refusalOf(
        userAdmin.create(await as(o.person), newUser(o.branchId, { email: DEMO.agent.email })),
      );
    }
    expect(await refusalOf(userAdmin.create(await as(o.person), newUser(o.branchId)))).toEqual(
      LIMITED,
    );

    clock.advance(CONFLICT_LIMIT.windowMs);

    await expect(userAdmin.create(await as(o.person), newUser(o.branchId))).resolves.toEqual({
      id: expect.any(Number),
    });
  });

  it('should count the conflicts against the real user when a manager acts as someone else', async () => {
    const o = await onboard(stranger(2));
    const half = Math.floor(LIMIT / 2);
    for (let i = 0; i < half; i += 1) {
      const refusal = await refusalOf(
        userAdmin.create(await as(o.person), newUser(o.branchId, { email: DEMO.agent.email })),
      );
      expect(refusal.code).toBe('CONFLICT');
    }
    const acting = await actingAsDeputy(o);
    for (let i = half; i < LIMIT; i += 1) {
      const refusal = await refusalOf(
        userAdmin.create(acting, newUser(o.branchId, { deviceNumber: DEMO.agent.phone })),
      );
      expect(refusal.code).toBe('CONFLICT');
    }

    const limited = await refusalOf(userAdmin.create(acting, newUser(o.branchId)));

    expect(limited).toEqual(LIMITED);
    const refusals = await refusalsOf(o.userId);
    const taken = refusals.filter((row) => row.details.refusal === 'taken');
    expect(taken).toHaveLength(LIMIT);
    expect(taken.filter((row) => row.userId === o.deputyId)).toHaveLength(LIMIT - half);
    // Stopping the impersonation starts no new count either.
    expect(await refusalOf(userAdmin.create(await as(o.person), newUser(o.branchId)))).toEqual(
      LIMITED,
    );
  });

  it('should never limit a manager who adds users without conflicts', async () => {
    const manager = await as(DEMO.manager);
    const tlv1 = await branchId('TLV1');

    // A few honest slips stay well under the limit and successes never count.
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const refusal = await refusalOf(
        userAdmin.create(manager, newUser(tlv1, { email: DEMO.agent.email })),
      );
      expect(refusal.code).toBe('CONFLICT');
    }
    for (let i = 0; i < LIMIT + 5; i += 1) {
      await expect(userAdmin.create(manager, newUser(tlv1))).resolves.toEqual({
        id: expect.any(Number),
      });
    }

    expect(await refusalsOf(await idOf(DEMO.manager.email))).toHaveLength(LIMIT - 1);
  });

  it('should audit but not limit a super user, who may list every user anyway', async () => {
    const superUser = await as(DEMO.superUser);
    const tlv1 = await branchId('TLV1');

    for (let i = 0; i < LIMIT + 2; i += 1) {
      const refusal = await refusalOf(
        userAdmin.create(superUser, newUser(tlv1, { email: DEMO.agent.email })),
      );
      expect(refusal.code).toBe('CONFLICT');
    }

    const refusals = await refusalsOf(await idOf(DEMO.superUser.email));
    expect(refusals.map((row) => row.details)).toEqual(
      Array.from({ length: LIMIT + 2 }, () => ({
        refusal: 'taken',
        field: 'email',
        kind: 'email',
      })),
    );
  });
});

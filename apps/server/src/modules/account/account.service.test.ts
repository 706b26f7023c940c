import { ProfileUpdateBody, accountMessages, type ServerRole } from '@smt/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, pushSubscriptions, sessions, users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import type { AuthContext, SessionService } from '@/modules/auth/session.service';
import { refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { actingAs, sessionServiceOf, signedInAs } from '../../../test/service-sessions';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createAccountService } from './account.service';

// The profile page's rules, called as its routes call them: the form parsed by the call's
// schema, the session as the auth plugin reads it. The cookies and tokens each call answers,
// and how long a session then lasts, are account.routes.test.ts's.

describe(createAccountService.name, () => {
  const database = useServiceDatabase();
  let sessionService: SessionService;
  let sut: ReturnType<typeof createAccountService>;

  beforeEach(() => {
    const clock = new Clock();
    sessionService = sessionServiceOf(database.db, clock);
    sut = createAccountService({ db: database.db, clock, sessions: sessionService });
  });

  const signIn = (person: DemoPerson, options: { keepLoggedIn?: boolean } = {}) =>
    signedInAs(database.db, sessionService, person, options);
  const form = (fields: z.input<typeof ProfileUpdateBody>) => ProfileUpdateBody.parse(fields);

  const userOf = async (phone: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
    return row ?? null;
  };
  const lastAudit = async (action: string) => {
    const [row] = await database.db
      .select({
        user_id: auditLog.userId,
        real_user_id: auditLog.realUserId,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };
  const keptLoggedIn = async (auth: AuthContext) => {
    const [row] = await database.db
      .select({ keepLoggedIn: sessions.keepLoggedIn })
      .from(sessions)
      .where(eq(sessions.id, auth.sessionId));
    return row?.keepLoggedIn;
  };
  /** A user added for a test, so the demo's stay as they are. */
  const addUser = async (
    person: DemoPerson,
    roles: ServerRole[],
    place: { agencyId?: number; branchId?: number },
  ) => {
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Temp User', email: person.email, phone: person.phone, roles, ...place })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    return row.id;
  };
  const { branchId, agencyId } = idsByName(database);

  describe('profile', () => {
    it("should answer the effective user and this session's keep-logged-in choice", async () => {
      const profile = await sut.profile(await signIn(DEMO.agent2));

      expect(profile).toEqual({
        name: 'Bella Agent',
        email: DEMO.agent2.email,
        deviceNumber: DEMO.agent2.phone,
        keepLoggedIn: false,
      });
    });
  });

  describe('updateProfile', () => {
    it('should rename the user, keep this session logged in when chosen, and audit both', async () => {
      const session = await signIn(DEMO.agent2);

      const { profile } = await sut.updateProfile(
        session,
        form({ name: '  Bella A.  ', keepLoggedIn: 'true' }),
      );

      expect(profile).toMatchObject({ name: 'Bella A.', keepLoggedIn: true });
      expect((await userOf(DEMO.agent2.phone))?.name).toBe('Bella A.');
      expect(await sut.profile(session)).toMatchObject({ keepLoggedIn: true });
      const bella = (await userOf(DEMO.agent2.phone))?.id;
      expect(await lastAudit('user.profile.update')).toMatchObject({
        user_id: bella,
        real_user_id: bella,
        details: {
          from: { name: 'Bella Agent', keepLoggedIn: false },
          to: { name: 'Bella A.', keepLoggedIn: true },
        },
      });
    });

    it('should stop keeping the session logged in when keep-logged-in is turned off again', async () => {
      const session = await signIn(DEMO.operator, { keepLoggedIn: true });

      const { profile } = await sut.updateProfile(
        session,
        form({ name: 'Omer Operator', keepLoggedIn: 'false' }),
      );

      expect(profile.keepLoggedIn).toBe(false);
      expect(await keptLoggedIn(session)).toBe(false);
    });

    it('should leave keep-logged-in as it is when the form leaves it out', async () => {
      const session = await signIn(DEMO.branchManager, { keepLoggedIn: true });

      const { profile } = await sut.updateProfile(session, form({ name: 'Ben B.' }));

      expect(profile.keepLoggedIn).toBe(true);
      expect(await keptLoggedIn(session)).toBe(true);
    });
  });

  describe('unregister', () => {
    it('should delete the user with their push subscriptions, and keep the audit without them', async () => {
      const person: DemoPerson = { email: 'leaving@demo.test', phone: '+972500000131' };
      const id = await addUser(person, ['ROLE_SA_BRANCH_MANAGER_USER'], {
        branchId: await branchId('TLV1'),
      });
      const session = await signIn(person);
      await database.db.insert(pushSubscriptions).values({
        userId: id,
        endpoint: 'https://push.test/leaving',
        p256dh: 'k',
        auth: 'a',
      });

      await sut.unregister(session);

      expect(await userOf(person.phone)).toBeNull();
      const [pushes] = await database.db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, 'https://push.test/leaving'));
      expect(pushes?.n).toBe(0);
      expect(await lastAudit('user.unregister')).toMatchObject({
        user_id: null,
        real_user_id: null,
        details: { email: person.email, deviceNumber: person.phone },
      });
    });

    it('should refuse the last super user, keeping them, and let one go when another remains', async () => {
      const refusal = await refusalOf(sut.unregister(await signIn(DEMO.superUser)));

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: accountMessages.lastSuperUser,
        reason: 'account.last-super-user',
      });
      expect(await userOf(DEMO.superUser.phone)).not.toBeNull();

      const second: DemoPerson = { email: 'second.super@demo.test', phone: '+972500000132' };
      await addUser(second, ['ROLE_SA_SUPER_USER'], { agencyId: await agencyId('Demo Travel') });
      await sut.unregister(await signIn(second));

      expect(await userOf(second.phone)).toBeNull();
    });

    it('should refuse someone acting as another user, deleting no one', async () => {
      const admin = { auth: await signIn(DEMO.superUser), person: DEMO.superUser };
      const agent = await userOf(DEMO.agent.phone);
      const acting = await actingAs(sessionService, admin, agent!.id);

      const refusal = await refusalOf(sut.unregister(acting));

      expect(refusal).toEqual({
        code: 'FORBIDDEN',
        message: accountMessages.unregisterWhileImpersonating,
        reason: 'account.unregister-while-impersonating',
      });
      expect((await userOf(DEMO.agent.phone))?.id).toBe(agent!.id);
    });
  });
});

import { SwitchUserBody, accountMessages } from '@smt/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import type { AuthContext, SessionService } from '@/modules/auth/session.service';
import { refusalOf, useServiceDatabase } from '../../../test/service-database';
import { sessionOf, sessionServiceOf, signedInAs } from '../../../test/service-sessions';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createImpersonationService } from './impersonation.service';

// Switching user's rules, called as its routes call them: the phone parsed by the call's schema,
// the session as the auth plugin reads it. Who may call, the cookie of the new session, and the
// audit of what is done while acting as someone are impersonation.routes.test.ts's.

describe(createImpersonationService.name, () => {
  const database = useServiceDatabase();
  let sessionService: SessionService;
  let sut: ReturnType<typeof createImpersonationService>;

  beforeEach(() => {
    sessionService = sessionServiceOf(database.db, new Clock());
    sut = createImpersonationService({ db: database.db, sessions: sessionService });
  });

  const META = { ip: '127.0.0.1', userAgent: 'service test' };
  type Admin = { auth: AuthContext; person: DemoPerson };
  const signIn = async (person: DemoPerson): Promise<Admin> => ({
    auth: await signedInAs(database.db, sessionService, person),
    person,
  });
  /** Switches as the routes do, and reads the new session as the next request would. */
  const switchTo = async (admin: Admin, phone: string) => {
    const tokens = await sut.switchTo(
      admin.auth,
      SwitchUserBody.parse({ username: phone }).username,
      META,
    );
    return sessionOf(sessionService, admin.person, tokens.accessToken);
  };
  const exit = async (admin: Admin, acting: AuthContext) => {
    const tokens = await sut.exit(acting, META);
    return sessionOf(sessionService, admin.person, tokens.accessToken);
  };
  const idOf = async (phone: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
    if (!row) throw new Error(`no user ${phone}`);
    return row.id;
  };
  const hasEnded = async (auth: AuthContext) => {
    const [row] = await database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, auth.sessionId));
    return row?.revokedAt !== null;
  };
  const audits = () =>
    database.db
      .select({
        action: auditLog.action,
        userId: auditLog.userId,
        realUserId: auditLog.realUserId,
        result: auditLog.result,
        details: auditLog.details,
      })
      .from(auditLog)
      .orderBy(asc(auditLog.id));

  describe('switchTo', () => {
    it('should act as anyone when a super user switches, ending their own session, and audit it under both', async () => {
      const admin = await signIn(DEMO.superUser);
      const [superId, agentId] = [await idOf(DEMO.superUser.phone), await idOf(DEMO.agent.phone)];

      const acting = await switchTo(admin, DEMO.agent.phone);

      expect(acting.user).toMatchObject({ id: agentId, email: DEMO.agent.email });
      expect(acting.realUser.id).toBe(superId);
      expect(await hasEnded(admin.auth)).toBe(true);
      expect(await audits()).toEqual([
        {
          action: 'impersonation.start',
          userId: agentId,
          realUserId: superId,
          result: 'SUCCESS',
          details: {
            realUser: { id: superId, name: 'Super User', phone: DEMO.superUser.phone },
            target: { id: agentId, name: 'Adam Agent', phone: DEMO.agent.phone },
            sessionId: acting.sessionId,
          },
        },
      ]);
    });

    it('should let a manager act only as their own agency, answering alike for those out of reach and unknown phones, and audit each refusal', async () => {
      const manager = await signIn(DEMO.manager);

      // Someone out of reach answers as no one: switching tells nobody who is registered.
      for (const phone of [
        DEMO.globeAgent.phone,
        DEMO.superUser.phone,
        DEMO.operator.phone,
        '+972500000099',
      ]) {
        expect(await refusalOf(switchTo(manager, phone)), phone).toEqual({
          code: 'NOT_FOUND',
          message: accountMessages.noUserToSwitchTo,
          reason: 'impersonation.no-such-target',
        });
      }
      expect(await refusalOf(switchTo(manager, DEMO.manager.phone))).toEqual({
        code: 'BAD_REQUEST',
        message: accountMessages.switchToYourself,
        reason: 'impersonation.switch-to-yourself',
      });

      // Refusals leave the manager's session as it was, and are audited.
      expect(await hasEnded(manager.auth)).toBe(false);
      const [refusals] = await database.db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'impersonation.start'),
            eq(auditLog.result, 'FAILURE'),
            eq(auditLog.realUserId, await idOf(DEMO.manager.phone)),
          ),
        );
      expect(refusals?.n).toBe(5);
    });

    it('should let a manager act as a user of their agency, the manager behind them', async () => {
      const manager = await signIn(DEMO.manager);

      const acting = await switchTo(manager, DEMO.branchManager.phone);

      expect(acting.user.email).toBe(DEMO.branchManager.email);
      expect(acting.realUser.phone).toBe(DEMO.manager.phone);
    });

    it("should refuse a disabled user, leaving the admin's session as it was", async () => {
      await database.db
        .update(users)
        .set({ enabled: false })
        .where(eq(users.phone, DEMO.globeManager.phone));
      const admin = await signIn(DEMO.superUser);

      const refusal = await refusalOf(switchTo(admin, DEMO.globeManager.phone));

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: accountMessages.userDisabled,
        reason: 'impersonation.target-disabled',
      });
      expect(await hasEnded(admin.auth)).toBe(false);
    });

    it('should refuse someone already acting as another user', async () => {
      const admin = await signIn(DEMO.superUser);
      const acting = await switchTo(admin, DEMO.manager.phone);

      const refusal = await refusalOf(
        switchTo({ auth: acting, person: DEMO.superUser }, DEMO.agent.phone),
      );

      expect(refusal).toEqual({
        code: 'FORBIDDEN',
        message: accountMessages.alreadyImpersonating,
        reason: 'impersonation.already-impersonating',
      });
      expect(await hasEnded(acting)).toBe(false);
    });
  });

  describe('exit', () => {
    it("should return to the admin's own session, ending the one acting, and audit it under both", async () => {
      const admin = await signIn(DEMO.superUser);
      const acting = await switchTo(admin, DEMO.agent.phone);
      const [superId, agentId] = [await idOf(DEMO.superUser.phone), await idOf(DEMO.agent.phone)];

      const home = await exit(admin, acting);

      expect([home.user.id, home.realUser.id]).toEqual([superId, superId]);
      expect(await hasEnded(acting)).toBe(true);
      expect((await audits()).at(-1)).toEqual({
        action: 'impersonation.exit',
        userId: agentId,
        realUserId: superId,
        result: 'SUCCESS',
        details: {
          realUser: { id: superId, name: 'Super User', phone: DEMO.superUser.phone },
          target: { id: agentId, name: 'Adam Agent', phone: DEMO.agent.phone },
          sessionId: home.sessionId,
        },
      });
    });

    it('should refuse someone not acting as another user', async () => {
      const agent = await signIn(DEMO.agent2);

      const refusal = await refusalOf(sut.exit(agent.auth, META));

      expect(refusal).toEqual({
        code: 'BAD_REQUEST',
        message: accountMessages.notImpersonating,
        reason: 'impersonation.not-impersonating',
      });
    });
  });
});

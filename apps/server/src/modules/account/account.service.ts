import { accountMessages, type AccountProfile, type ServerRole } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { revokeSessionsImpersonating } from '@/modules/auth';
import type { AuthContext, IssuedTokens, SessionService } from '@/modules/auth/session.service';
import { auditChange } from '@/modules/audit';
import { fail } from './account.errors';
import * as repo from './account.repository';

// The signed-in user's own account (SPEC §2.10, §4): the profile and unregistering. The
// profile is the effective user's; keep-logged-in belongs to this session (see `setKeepLoggedIn`).

const SUPER_USER: ServerRole = 'ROLE_SA_SUPER_USER';

export function createAccountService(deps: { db: Db; clock: Clock; sessions: SessionService }) {
  const { db, clock, sessions } = deps;
  const actorOf = (auth: AuthContext) => ({ userId: auth.user.id, realUserId: auth.realUser.id });

  return {
    async profile(auth: AuthContext): Promise<AccountProfile> {
      const { user } = auth;
      return {
        name: user.name,
        email: user.email,
        deviceNumber: user.phone,
        keepLoggedIn: await sessions.keepsLoggedIn(auth.sessionId),
      };
    },

    async updateProfile(
      auth: AuthContext,
      body: { name: string; keepLoggedIn?: boolean | undefined },
    ): Promise<{ profile: AccountProfile; tokens: IssuedTokens }> {
      const { user } = auth;
      const keptBefore = await sessions.keepsLoggedIn(auth.sessionId);
      const keepLoggedIn = body.keepLoggedIn ?? keptBefore;
      const tokens = await db.transaction(async (tx) => {
        await repo.updateUserName(tx, user.id, body.name, clock.now());
        const issued = await sessions.setKeepLoggedIn(auth.sessionId, keepLoggedIn, tx);
        await auditChange(tx, actorOf(auth), {
          action: 'user.profile.update',
          entityType: 'user',
          entityId: user.id,
          details: {
            from: { name: user.name, keepLoggedIn: keptBefore },
            to: { name: body.name, keepLoggedIn },
          },
        });
        return issued;
      });
      return {
        profile: { name: body.name, email: user.email, deviceNumber: user.phone, keepLoggedIn },
        tokens,
      };
    },

    /** Deletes the signed-in user; never someone being impersonated, never the last super user. */
    async unregister(auth: AuthContext): Promise<void> {
      const { user } = auth;
      if (user.id !== auth.realUser.id)
        throw fail(
          'account.unregister-while-impersonating',
          accountMessages.unregisterWhileImpersonating,
        );
      await db.transaction(async (tx) => {
        if (user.roles.includes(SUPER_USER)) {
          const others = await repo.lockOtherSuperUsers(tx, user.id);
          if (others.length === 0)
            throw fail('account.last-super-user', accountMessages.lastSuperUser);
        }
        // Their sessions go with them; an admin acting as them must not fall back to themselves.
        await revokeSessionsImpersonating(tx, user.id, clock.now());
        // Written first, so the row keeps who it was once user_id is set null by the delete.
        await auditChange(tx, actorOf(auth), {
          action: 'user.unregister',
          entityType: 'user',
          entityId: user.id,
          details: {
            name: user.name,
            email: user.email,
            deviceNumber: user.phone,
            roles: user.roles,
          },
        });
        await repo.deleteUser(tx, user.id);
      });
    },
  };
}

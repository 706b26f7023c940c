import { accountMessages } from '@smt/shared';
import type { Db } from '@/db/client';
import { DomainError } from '@/lib/domain-error';
import type { AuthContext, IssuedTokens, SessionService } from '@/modules/auth/session.service';
import { findUserByPhone } from '@/modules/users';
import { auditImpersonatedRequest, auditImpersonation } from './impersonation-audit.repository';
import { fail, type errorCodes } from './impersonation.errors';
import { mayImpersonate } from './impersonation.rules';

// An admin acts as someone else (SPEC §4, §6): each switch and each exit is a new session of
// the admin (the old one ends), and the audit log keeps who acted as whom.

type ClientMeta = { ip: string; userAgent: string | undefined };
const personOf = (user: { id: number; name: string; phone: string }) => ({
  id: user.id,
  name: user.name,
  phone: user.phone,
});

/**
 * A phone no one has and a phone of someone out of reach answer alike, or switching user would
 * tell anyone who manages users who is registered (docs/decisions/025); the audit keeps which.
 */
class NoSuchTarget extends DomainError {
  constructor(readonly why: 'unknown phone' | 'outside the scope') {
    super(
      'impersonation.no-such-target' satisfies keyof typeof errorCodes,
      accountMessages.noUserToSwitchTo,
    );
  }
}

export function createImpersonationService(deps: { db: Db; sessions: SessionService }) {
  const { db, sessions } = deps;

  const targetOf = async (auth: AuthContext, phone: string) => {
    if (auth.user.id !== auth.realUser.id)
      throw fail('impersonation.already-impersonating', accountMessages.alreadyImpersonating);
    const target = await findUserByPhone(db, phone);
    if (!target) throw new NoSuchTarget('unknown phone');
    if (target.id === auth.realUser.id)
      throw fail('impersonation.switch-to-yourself', accountMessages.switchToYourself);
    if (!mayImpersonate(auth.scope, target)) throw new NoSuchTarget('outside the scope');
    if (!target.enabled) throw fail('impersonation.target-disabled', accountMessages.userDisabled);
    return target;
  };

  return {
    /**
     * Keeps a call that changed something while an admin acted as someone else, with both of
     * their names (the auth plugin's, for every such call).
     */
    auditRequest: (row: Parameters<typeof auditImpersonatedRequest>[1]) =>
      auditImpersonatedRequest(db, row),
    /** Starts acting as the user with this phone; answers the new session's tokens. */
    async switchTo(auth: AuthContext, phone: string, meta: ClientMeta): Promise<IssuedTokens> {
      let target;
      try {
        target = await targetOf(auth, phone);
      } catch (error) {
        // Refusals are kept too: someone probing for whom they may act as shows in the log.
        if (error instanceof DomainError) {
          await auditImpersonation(db, {
            userId: auth.user.id,
            realUserId: auth.realUser.id,
            action: 'impersonation.start',
            targetId: null,
            result: 'FAILURE',
            details: {
              username: phone,
              reason: error instanceof NoSuchTarget ? error.why : error.message,
            },
          });
        }
        throw error;
      }
      const found = target;
      return db.transaction(async (tx) => {
        const tokens = await sessions.replace(auth.sessionId, found.id, meta, tx);
        await auditImpersonation(tx, {
          userId: found.id,
          realUserId: auth.realUser.id,
          action: 'impersonation.start',
          targetId: found.id,
          result: 'SUCCESS',
          details: {
            realUser: personOf(auth.realUser),
            target: personOf(found),
            sessionId: tokens.sessionId,
          },
        });
        return tokens;
      });
    },

    /** Stops acting as someone else: a new session as the admin themselves. */
    async exit(auth: AuthContext, meta: ClientMeta): Promise<IssuedTokens> {
      if (auth.user.id === auth.realUser.id)
        throw fail('impersonation.not-impersonating', accountMessages.notImpersonating);
      return db.transaction(async (tx) => {
        const tokens = await sessions.replace(auth.sessionId, null, meta, tx);
        await auditImpersonation(tx, {
          userId: auth.user.id,
          realUserId: auth.realUser.id,
          action: 'impersonation.exit',
          targetId: auth.user.id,
          result: 'SUCCESS',
          details: {
            realUser: personOf(auth.realUser),
            target: personOf(auth.user),
            sessionId: tokens.sessionId,
          },
        });
        return tokens;
      });
    },
  };
}

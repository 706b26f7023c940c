import { uiRolesOf, type UserDetails } from '@smt/shared';
import type { AuthContext } from '@/modules/auth/session.service';

/** The User of SPEC §3 as the signed-in person sees themselves. */
export function userDetailsOf(auth: AuthContext): UserDetails {
  const { user, realUser } = auth;
  const impersonating = user.id !== realUser.id;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    roles: uiRolesOf(user.roles),
    serverRoles: user.roles,
    betaFeatures: user.betaFeatures,
    multiAgent: user.multiAgentAccess,
    impersonatingUser: impersonating
      ? { id: realUser.id, name: realUser.name, phone: realUser.phone }
      : null,
  };
}

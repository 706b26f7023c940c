import type { ServerRole } from '@smt/shared';
import type { Scope } from '@/db/scope';

// Managers act only as their own agency's people, and never as those who hold roles only a
// super user gives (the user management page's rule for whom a manager may change).
const SUPER_ONLY_ROLES: readonly ServerRole[] = ['ROLE_SA_SUPER_USER', 'ROLE_SA_OPERATOR_USER'];

export type ImpersonationTarget = { agencyId: number | null; roles: readonly ServerRole[] };

/** Whether an admin of this scope may act as the target. */
export function mayImpersonate(scope: Scope, target: ImpersonationTarget): boolean {
  switch (scope.kind) {
    case 'superUser':
      return true;
    case 'agency':
      return (
        target.agencyId === scope.agencyId &&
        !target.roles.some((role) => SUPER_ONLY_ROLES.includes(role))
      );
    case 'branch':
    case 'agent':
    case 'multiAgent':
    case 'none':
      return false;
  }
}

import { AssignableRole, type ServerRole } from '@smt/shared';

/** How far the caller's say over roles reaches, as the server's scope decides it. */
export type RoleGiver = 'superUser' | 'agency' | 'branch';

// Only super users give these; the server refuses them from anyone else (docs/decisions/017).
const SUPER_ONLY: readonly AssignableRole[] = ['ROLE_SA_SUPER_USER', 'ROLE_SA_OPERATOR_USER'];
// Whoever runs less than an agency gives only the roles that stay inside a branch.
const AGENCY_WIDE: readonly AssignableRole[] = [
  'ROLE_SA_MANAGER_USER',
  'ROLE_SA_AGENCY_MANAGER_USER',
];

export function roleGiverOf(serverRoles: readonly ServerRole[]): RoleGiver {
  if (serverRoles.includes('ROLE_SA_SUPER_USER')) return 'superUser';
  if (
    serverRoles.includes('ROLE_SA_MANAGER_USER') ||
    serverRoles.includes('ROLE_SA_AGENCY_MANAGER_USER')
  ) {
    return 'agency';
  }
  return 'branch';
}

/** The role picker's choices: every role but the new-registered one, less what the server refuses. */
export function roleChoicesFor(giver: RoleGiver): readonly AssignableRole[] {
  return AssignableRole.options.filter(
    (role) =>
      giver === 'superUser' ||
      (!SUPER_ONLY.includes(role) && (giver === 'agency' || !AGENCY_WIDE.includes(role))),
  );
}

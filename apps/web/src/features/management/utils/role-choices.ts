import { AssignableRole } from '@smt/shared';

// Only super users give these; the server refuses them from anyone else (docs/decisions/017).
const SUPER_ONLY: readonly AssignableRole[] = ['ROLE_SA_SUPER_USER', 'ROLE_SA_OPERATOR_USER'];

/** The role picker's choices: every role but the new-registered one, less a manager's. */
export function roleChoicesFor(superUser: boolean): readonly AssignableRole[] {
  return superUser
    ? AssignableRole.options
    : AssignableRole.options.filter((role) => !SUPER_ONLY.includes(role));
}

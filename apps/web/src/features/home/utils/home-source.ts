import { userClassOf, type OrganisationLevel, type UiRole, type UserClass } from '@smt/shared';

/** Whose counts home shows: the user's own, or a scope of the organisation (SPEC §4). */
export type HomeSource =
  { kind: 'personal' } | { kind: 'all'; type: OrganisationLevel; ids: readonly number[] };

/** A manager's whole scope, nothing selected: what their home opens with. */
export const WHOLE_SCOPE = { kind: 'all', type: 'Agency', ids: [] } as const satisfies HomeSource;

const MANAGER_CLASSES: readonly UserClass[] = ['Manager', 'ManagerWithMultiAgentAccess'];

/** Whose counts home opens with: a manager's whole scope, anyone else's own (SPEC §2.3). */
export function homeOpeningKindOf(user: {
  roles: readonly UiRole[];
  multiAgent: boolean;
}): HomeSource['kind'] {
  return MANAGER_CLASSES.includes(userClassOf(user.roles, user.multiAgent)) ? 'all' : 'personal';
}

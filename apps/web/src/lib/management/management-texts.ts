import type { ServerRole } from '@smt/shared';

// Labels of the management pages (SPEC §2.11 leaves their layouts to us). Product texts of
// SPEC §5 and §8 come from @smt/shared; page titles from ROUTES.

export const managementTexts = {
  search: 'Search',
  searchByName: 'Search by name',
  searchByNameOrPcc: 'Search by name or PCC',
  searchByNameOrInitials: 'Search by name or initials',
  loading: 'Loading',
  actions: 'Actions',
  name: 'Name',
  pcc: 'PCC',
  initials: 'Initials',
  agency: 'Agency',
  branch: 'Branch',
  notYourself: 'You cannot disable, deactivate or delete your own account.',
  agent: 'Agent',
  email: 'Email',
  deviceNumber: 'Device number',
  deviceNumberHint: 'With the country code, e.g. +972501234567',
  role: 'Role',
  anyRole: 'Any role',
  none: 'None',
  noAgentsInBranch: 'This branch has no agents yet.',
  noFreeAgentsInBranch: 'This branch has no agent without a user.',
  operatorNoAgencies: 'No agencies to show',
  operatorNoAgenciesText:
    "An operator's role opens no agency's bookings or lists. A super user can give you the " +
    'role you need; meanwhile the documents, help and support are open to you.',
  operatorWhereToGo: 'Where to go',
  enabled: 'Enabled',
  activated: 'Activated',
  submit: 'Submit',
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  edit: 'Edit',
  optionsFailed: "Can't load the choices",
  pagerRows: (from: number, to: number, count: number) => `${from}–${to} of ${count}`,
  editOf: (name: string) => `Edit ${name}`,
  deleteOf: (name: string) => `Delete ${name}`,
  enabledOf: (name: string) => `Enabled: ${name}`,
  activatedOf: (name: string) => `Activated: ${name}`,
  deleteQuestion: (name: string) => `Delete ${name}?`,
  deleteText: 'This cannot be undone.',
  cantLoad: (what: string) => `Can't load ${what}`,
  added: (what: string) => `${what} added`,
  updated: (what: string) => `${what} updated`,
  deleted: (what: string) => `${what} deleted`,
  enabledDone: (name: string, on: boolean) => `${name} ${on ? 'enabled' : 'disabled'}`,
  activatedDone: (name: string, on: boolean) => `${name} ${on ? 'activated' : 'deactivated'}`,
} as const;

/** How the role picker and the users list name each role. */
export const ROLE_LABEL: Record<ServerRole, string> = {
  ROLE_SA_SUPER_USER: 'Super user',
  ROLE_SA_OPERATOR_USER: 'Operator',
  ROLE_SA_MANAGER_USER: 'Manager',
  ROLE_SA_BRANCH_MANAGER_USER: 'Branch manager',
  ROLE_SA_AGENCY_MANAGER_USER: 'Agency manager',
  ROLE_SA_AGENT_USER: 'Agent',
  ROLE_SA_NEW_REGISTERED_USER: 'New user',
};

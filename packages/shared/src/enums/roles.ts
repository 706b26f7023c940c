import * as z from 'zod/mini';

// zod/mini: the SPA checks this before its first screen, which then loads zod's core alone,
// not the full build's own code too (11 KB gzipped). The server reads it just the same.

// Roles as the server stores them (SPEC §6).
export const ServerRole = z.enum([
  'ROLE_SA_SUPER_USER',
  'ROLE_SA_OPERATOR_USER',
  'ROLE_SA_MANAGER_USER',
  'ROLE_SA_BRANCH_MANAGER_USER',
  'ROLE_SA_AGENCY_MANAGER_USER',
  'ROLE_SA_AGENT_USER',
  'ROLE_SA_NEW_REGISTERED_USER',
]);
export type ServerRole = z.infer<typeof ServerRole>;

// Role names the UI shows and the user-details call returns.
export const UiRole = z.enum(['SUPERUSER', 'OPERATOR', 'MANAGER', 'AGENT', 'NEW_REGISTERED_USER']);
export type UiRole = z.infer<typeof UiRole>;

// Role names the route table speaks in.
export const RouteRole = z.enum([
  'SuperUser',
  'Operator',
  'Manager',
  'BranchManager',
  'AgencyManager',
  'Agent',
  'NewUser',
]);
export type RouteRole = z.infer<typeof RouteRole>;

export const UI_ROLE_OF: Record<ServerRole, UiRole> = {
  ROLE_SA_SUPER_USER: 'SUPERUSER',
  ROLE_SA_OPERATOR_USER: 'OPERATOR',
  ROLE_SA_MANAGER_USER: 'MANAGER',
  ROLE_SA_BRANCH_MANAGER_USER: 'MANAGER',
  ROLE_SA_AGENCY_MANAGER_USER: 'MANAGER',
  ROLE_SA_AGENT_USER: 'AGENT',
  ROLE_SA_NEW_REGISTERED_USER: 'NEW_REGISTERED_USER',
};

// Branch and agency managers are managers too: they open every page a Manager may
// (home lands them by the SPEC §4 priority), plus the pages given to their own kind.
export const ROUTE_ROLES_OF: Record<ServerRole, readonly RouteRole[]> = {
  ROLE_SA_SUPER_USER: ['SuperUser'],
  ROLE_SA_OPERATOR_USER: ['Operator'],
  ROLE_SA_MANAGER_USER: ['Manager'],
  ROLE_SA_BRANCH_MANAGER_USER: ['BranchManager', 'Manager'],
  ROLE_SA_AGENCY_MANAGER_USER: ['AgencyManager', 'Manager'],
  ROLE_SA_AGENT_USER: ['Agent'],
  ROLE_SA_NEW_REGISTERED_USER: ['NewUser'],
};

/** The roles a role picker offers: every role but the new-registered one. */
export const PICKABLE_SERVER_ROLES = ServerRole.options.filter(
  (role) => role !== 'ROLE_SA_NEW_REGISTERED_USER',
);

export function uiRolesOf(roles: readonly ServerRole[]): UiRole[] {
  return [...new Set(roles.map((role) => UI_ROLE_OF[role]))];
}

export function routeRolesOf(roles: readonly ServerRole[]): RouteRole[] {
  return [...new Set(roles.flatMap((role) => ROUTE_ROLES_OF[role]))];
}

/** Super users and managers count as having admin access (SPEC §6). */
export function hasAdminAccess(roles: readonly UiRole[]): boolean {
  return roles.includes('SUPERUSER') || roles.includes('MANAGER');
}

/** 'Manager only' means a manager who is not a super user (SPEC §6). */
export function isManagerOnly(roles: readonly UiRole[]): boolean {
  return roles.includes('MANAGER') && !roles.includes('SUPERUSER');
}

export const UserClass = z.enum([
  'Agent',
  'AgentWithMultiAgentAccess',
  'Manager',
  'ManagerWithMultiAgentAccess',
]);
export type UserClass = z.infer<typeof UserClass>;

export function userClassOf(roles: readonly UiRole[], multiAgent: boolean): UserClass {
  const manager = hasAdminAccess(roles);
  if (manager) return multiAgent ? 'ManagerWithMultiAgentAccess' : 'Manager';
  return multiAgent ? 'AgentWithMultiAgentAccess' : 'Agent';
}

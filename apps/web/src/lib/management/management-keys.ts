// Every management query lives under 'management', so one invalidation after a change
// refreshes the lists and the choices of the selects alike.
const MANAGEMENT_ROOT_KEY = 'management';

export type ManagedEntity = 'agencies' | 'branches' | 'agents' | 'users';

export const managementKeys = {
  all: [MANAGEMENT_ROOT_KEY] as const,
  list: (entity: ManagedEntity, query: object) =>
    [MANAGEMENT_ROOT_KEY, 'list', entity, query] as const,
  agencyChoices: () => [MANAGEMENT_ROOT_KEY, 'choices', 'agencies'] as const,
  branchChoices: (agencyId: number | null) =>
    [MANAGEMENT_ROOT_KEY, 'choices', 'branches', agencyId] as const,
  agentChoices: (branchId: number) => [MANAGEMENT_ROOT_KEY, 'choices', 'agents', branchId] as const,
};

/** A management list's key: its kind's rows and the search and page shown. */
export type ManagementListKey = ReturnType<typeof managementKeys.list>;

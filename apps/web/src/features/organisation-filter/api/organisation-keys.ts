// The organisation changes rarely; the menus may show a list a few minutes old.
export const ORGANISATION_STALE_MS = 5 * 60_000;

export const organisationKeys = {
  all: ['organisation'] as const,
  agencies: () => ['organisation', 'agencies'] as const,
  branches: (agencyId: number) => ['organisation', 'branches', agencyId] as const,
  agents: (branchId: number) => ['organisation', 'agents', branchId] as const,
};

import { managementKeys } from './management-keys';

// Under the management root: every management change (a connection's, or a branch renamed)
// invalidates that root, so the list is read again after it.
const CONNECTIONS_KEY = [...managementKeys.all, 'connections'] as const;

export const connectionsKeys = {
  all: CONNECTIONS_KEY,
  /** `null`: every agency the caller may see. */
  list: (agencyId: number | null) => [...CONNECTIONS_KEY, 'list', agencyId] as const,
};

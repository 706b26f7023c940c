import { connectionCalls } from '@smt/shared';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

// The Connections page's list and the reservation system select of a form read the same
// list, under one key.

// Under the management root: every management change (a connection's, or a branch renamed)
// invalidates that root, so the list is read again after it.
const CONNECTIONS_KEY = [...managementKeys.all, 'connections'] as const;

export const connectionsKeys = {
  all: CONNECTIONS_KEY,
  /** `null`: every agency the caller may see. */
  list: (agencyId: number | null) => [...CONNECTIONS_KEY, 'list', agencyId] as const,
};

/** The connections of one agency, or (`null`) of every agency the caller may see. */
export function getConnectionList(agencyId: number | null, signal?: AbortSignal) {
  return api.call(connectionCalls.list, { query: { agencyId } }, { signal });
}

import { connectionCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isRefusedFor } from '@/lib/api-client';
import { connectionsKeys } from './connections-keys';

/** The connections of one agency, or (`null`) of every agency the caller may see. */
export function getConnectionList(agencyId: number | null, signal?: AbortSignal) {
  return api.call(connectionCalls.list, { query: { agencyId } }, { signal });
}

export function useConnectionList(agencyId: number | null) {
  return useQuery({
    queryKey: connectionsKeys.list(agencyId),
    queryFn: ({ signal }) => getConnectionList(agencyId, signal),
    // A refusal (403: a branch manager's scope is not agency-wide) stays one when asked again.
    retry: (failures, error) => failures < 1 && !isRefusedFor(error, 'connections.agency-only'),
  });
}

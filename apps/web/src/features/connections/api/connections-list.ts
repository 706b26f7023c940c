import { useQuery } from '@tanstack/react-query';
import { isRefusedFor } from '@/lib/api-client';
import { connectionsKeys, getConnectionList } from '@/lib/management/connection-list';

export function useConnectionList(agencyId: number | null) {
  return useQuery({
    queryKey: connectionsKeys.list(agencyId),
    queryFn: ({ signal }) => getConnectionList(agencyId, signal),
    // A refusal (403: a branch manager's scope is not agency-wide) stays one when asked again.
    retry: (failures, error) => failures < 1 && !isRefusedFor(error, 'connections.agency-only'),
  });
}

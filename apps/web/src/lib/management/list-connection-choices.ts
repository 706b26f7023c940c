import type { ConnectionItem } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { connectionsKeys, getConnectionList } from './connection-list';

/**
 * One agency's live connections, for a form's reservation system select; asks nothing until
 * an agency is chosen. Shares the Connections page's cache, so a change there shows here.
 */
export function useConnectionChoices(agencyId: number | null) {
  return useQuery({
    queryKey: connectionsKeys.list(agencyId),
    queryFn: ({ signal }) => getConnectionList(agencyId, signal),
    enabled: agencyId !== null,
    select: (list): ConnectionItem[] =>
      list.items.filter((each) => each.status === 'ACTIVE' && each.agencyId === agencyId),
  });
}

import { PAGE_SIZE } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameSearch } from '@/features/management/utils/list-search';
import { managementKeys } from './management-keys';
import { getManagementPage, listPlaceholder } from './management-request';

/** One page (0-based) of the agents the caller may manage, searched by name or initials. */
export function getAgentList(search: NameSearch, page: number, signal?: AbortSignal) {
  const query = { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return getManagementPage('agentList', query, signal);
}

export const agentsListQueryOptions = (search: NameSearch, page: number) =>
  queryOptions({
    queryKey: managementKeys.list('agents', { ...search, page }),
    queryFn: ({ signal }) => getAgentList(search, page, signal),
    placeholderData: listPlaceholder,
  });

export function useAgentList(search: NameSearch, page: number) {
  return useQuery(agentsListQueryOptions(search, page));
}

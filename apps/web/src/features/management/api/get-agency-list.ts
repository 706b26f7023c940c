import { PAGE_SIZE } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameSearch } from '@/features/management/utils/list-search';
import { managementKeys } from './management-keys';
import { getManagementPage, listPlaceholder } from './management-request';

/** One page (0-based) of the agencies the caller may manage, searched by name. */
export function getAgencyList(search: NameSearch, page: number, signal?: AbortSignal) {
  const query = { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return getManagementPage('agencyList', query, signal);
}

export const agenciesListQueryOptions = (search: NameSearch, page: number) =>
  queryOptions({
    queryKey: managementKeys.list('agencies', { ...search, page }),
    queryFn: ({ signal }) => getAgencyList(search, page, signal),
    placeholderData: listPlaceholder,
  });

export function useAgencyList(search: NameSearch, page: number) {
  return useQuery(agenciesListQueryOptions(search, page));
}

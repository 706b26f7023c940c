import { PAGE_SIZE } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameSearch } from '@/features/management/utils/list-search';
import { managementKeys } from './management-keys';
import { getManagementPage, listPlaceholder } from './management-request';

/** One page (0-based) of the branches the caller may manage, searched by name or PCC. */
export function getBranchList(search: NameSearch, page: number, signal?: AbortSignal) {
  const query = { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return getManagementPage('branchList', query, signal);
}

export const branchesListQueryOptions = (search: NameSearch, page: number) =>
  queryOptions({
    queryKey: managementKeys.list('branches', { ...search, page }),
    queryFn: ({ signal }) => getBranchList(search, page, signal),
    placeholderData: listPlaceholder,
  });

export function useBranchList(search: NameSearch, page: number) {
  return useQuery(branchesListQueryOptions(search, page));
}

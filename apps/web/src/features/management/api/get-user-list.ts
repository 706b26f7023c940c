import { PAGE_SIZE } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSearch } from '@/features/management/utils/list-search';
import { managementKeys } from './management-keys';
import { getManagementPage, listPlaceholder } from './management-request';

/** One page (0-based) of the users the caller may manage, searched and filtered by role. */
export function getUserList(search: UserSearch, page: number, signal?: AbortSignal) {
  const query = { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return getManagementPage('userList', query, signal);
}

export const usersListQueryOptions = (search: UserSearch, page: number) =>
  queryOptions({
    queryKey: managementKeys.list('users', { ...search, page }),
    queryFn: ({ signal }) => getUserList(search, page, signal),
    placeholderData: listPlaceholder,
  });

export function useUserList(search: UserSearch, page: number) {
  return useQuery(usersListQueryOptions(search, page));
}

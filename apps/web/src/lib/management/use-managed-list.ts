import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ManagementListKey } from './management-keys';
import { useListState } from './use-list-state';

type ListPage<Row> = { items: Row[]; total: number };

/** The query of one page (0-based) of a management list, searched. */
export type ListQuery<S, Row> = (
  search: S,
  page: number,
) => UseQueryOptions<ListPage<Row>, Error, ListPage<Row>, ManagementListKey>;

/**
 * A management list's search, and the page of it on screen as the list page takes it
 * (`listed`: the query, the page and its change).
 */
export function useManagedList<S extends object, Row>(listQuery: ListQuery<S, Row>, initial: S) {
  const { search, page, setPage, applySearch } = useListState<S>(initial);
  const list = useQuery(listQuery(search, page));
  return { search, applySearch, listed: { list, page, onPageChange: setPage } };
}

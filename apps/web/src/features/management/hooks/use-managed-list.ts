import type { UseQueryResult } from '@tanstack/react-query';
import { useListState } from './use-list-state';

type ListPage<Row> = { items: Row[]; total: number };

/**
 * A management list's search, and the page of it on screen as the list page takes it
 * (`listed`: the query, the page and its change).
 */
export function useManagedList<S extends object, Row>(
  useList: (search: S, page: number) => UseQueryResult<ListPage<Row>>,
  initial: S,
) {
  const { search, page, setPage, applySearch } = useListState<S>(initial);
  const list = useList(search, page);
  return { search, applySearch, listed: { list, page, onPageChange: setPage } };
}

import { useState } from 'react';

/** A list's applied search and its page (0-based); a new search starts at the first page. */
export function useListState<S extends object>(initial: S) {
  const [search, setSearch] = useState(initial);
  const [page, setPage] = useState(0);
  return {
    search,
    page,
    setPage,
    applySearch: (next: S) => {
      setSearch(next);
      setPage(0);
    },
  };
}

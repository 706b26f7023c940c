import type { PnrSearch } from '@smt/shared';

// Every My PNRs query lives under 'pnrs', so one invalidation after ticketing refreshes them all.
const PNRS_ROOT_KEY = 'pnrs';

export const pnrKeys = {
  all: [PNRS_ROOT_KEY] as const,
  lists: () => [PNRS_ROOT_KEY, 'list'] as const,
  list: (search: PnrSearch, page: number) => [PNRS_ROOT_KEY, 'list', search, page] as const,
  details: (id: number) => [PNRS_ROOT_KEY, 'details', id] as const,
};

import type { CreditFilter } from '@smt/shared';

// Every Credits query lives under 'credits', so one invalidation after a change refreshes them.
const CREDITS_ROOT_KEY = 'credits';

export const creditKeys = {
  all: [CREDITS_ROOT_KEY] as const,
  list: (filter: CreditFilter, page: number) => [CREDITS_ROOT_KEY, 'list', filter, page] as const,
};

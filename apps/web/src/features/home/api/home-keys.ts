import type { OrganisationLevel } from '@smt/shared';
import { NOTIFICATIONS_ROOT_KEY } from '@/lib/query-keys';

// Under the notifications root: when the engine raises something new, home refreshes too.
export const homeKeys = {
  all: [NOTIFICATIONS_ROOT_KEY, 'home'] as const,
  personal: () => [NOTIFICATIONS_ROOT_KEY, 'home', 'personal'] as const,
  scope: (type: OrganisationLevel, ids: readonly number[]) =>
    [NOTIFICATIONS_ROOT_KEY, 'home', 'all', type, [...ids]] as const,
};

import type { OrganisationLevel } from '@smt/shared';
import { NOTIFICATIONS_ROOT_KEY } from '@/lib/query-keys';

// Figures this recent are shown without asking again when home mounts: those a page load asked
// for while the page's code was still loading are not fetched twice. Whatever changes them
// invalidates the notifications root, which refreshes them at any age.
export const HOME_FIGURES_FRESH_MS = 30_000;

// Under the notifications root: when the engine raises something new, home refreshes too.
export const homeKeys = {
  all: [NOTIFICATIONS_ROOT_KEY, 'home'] as const,
  personal: () => [NOTIFICATIONS_ROOT_KEY, 'home', 'personal'] as const,
  scope: (type: OrganisationLevel, ids: readonly number[]) =>
    [NOTIFICATIONS_ROOT_KEY, 'home', 'all', type, [...ids]] as const,
};

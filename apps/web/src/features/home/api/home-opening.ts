import { isRouteAllowed, ROUTES, routeUserOf, type UserDetails } from '@smt/shared';
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { allStatsQueryOptions } from '@/features/home/api/get-all-stats';
import { userStatsQueryOptions } from '@/features/home/api/get-user-stats';
import { homeOpeningKindOf, WHOLE_SCOPE } from '@/features/home/utils/home-source';

const STORAGE_KEY = 'smt.home-opening';

// Whose counts home opened with for a phone: the user's own, or a manager's whole scope. On the
// next page load of home they are asked for beside the user's details, not once the page knows
// whose they are.
const HomeOpening = z.object({ phone: z.string(), kind: z.enum(['personal', 'all']) });
export type HomeOpening = z.infer<typeof HomeOpening>;

export function rememberHomeOpening(opening: HomeOpening): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(opening));
}

function homeOpeningOf(phone: string): HomeOpening['kind'] | null {
  try {
    const parsed = HomeOpening.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? ''));
    return parsed.success && parsed.data.phone === phone ? parsed.data.kind : null;
  } catch {
    return null;
  }
}

function prefetchCounts(queryClient: QueryClient, kind: HomeOpening['kind']): void {
  if (kind === 'personal') void queryClient.prefetchQuery(userStatsQueryOptions());
  else void queryClient.prefetchQuery(allStatsQueryOptions(WHOLE_SCOPE.type, WHOLE_SCOPE.ids));
}

/**
 * Starts fetching the counts home opens with: at once when home opened for this phone before,
 * else as soon as the user's details say whose they are (a manager's scope, anyone else's own),
 * rather than once the page has rendered and asks.
 */
export function prefetchHomeOpening(
  queryClient: QueryClient,
  phone: string,
  user: Promise<UserDetails>,
): void {
  const kind = homeOpeningOf(phone);
  if (kind !== null) return prefetchCounts(queryClient, kind);
  user
    .then((details) => {
      // Someone home is not for is sent elsewhere, and asks for no counts.
      if (isRouteAllowed(ROUTES.home, routeUserOf(details))) {
        prefetchCounts(queryClient, homeOpeningKindOf(details));
      }
    })
    // The page reports a user that cannot be read; it asks for its counts itself then.
    .catch(() => undefined);
}

import { APP_BASE_PATH, ROUTES } from '@smt/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { isLoginPath, preloadSignedInPage } from '@/app/router';
import { publicConfigQueryOptions } from '@/features/auth/api/get-public-config';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { userDetailsQueryOptions } from '@/features/auth/api/get-user-details';
import { getStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import { getSessionCredentials } from '@/lib/session-credentials';

const isHomePath = (pathname: string) =>
  matchRoutes([{ path: ROUTES.home.path }], pathname, APP_BASE_PATH) !== null;

/**
 * What a page load starts before React renders, so that nothing waits on what it does not need:
 * on a signed-in page, the chunks of its layout, shell and page, the settings and the session;
 * as soon as the session's token is there, the user's details and, on home, the counts it opened
 * with last time, side by side. The routes find them in the query cache, answered or under way.
 * The login pages start the settings and the session; other pages (a share link) nothing.
 */
export function startPageLoad(queryClient: QueryClient, pathname: string): void {
  const login = isLoginPath(pathname, APP_BASE_PATH);
  // Someone signed in on this browser before: the session may be alive, its page worth loading.
  const maySignIn = getSessionCredentials() !== null || getStoredLoginDetails() !== null;
  const signedInPage = !login && maySignIn && preloadSignedInPage(pathname, APP_BASE_PATH);
  if (!login && !signedInPage) return;

  void queryClient.prefetchQuery(publicConfigQueryOptions());
  queryClient.fetchQuery(sessionQueryOptions()).then(
    (credentials) => {
      if (!credentials || login) return;
      void queryClient.prefetchQuery(userDetailsQueryOptions());
      // Loaded when needed: home's calls and their schemas stay off the sign-in route's
      // budget (route-scripts.ts); the home page's own chunk, preloaded above, holds them.
      if (isHomePath(pathname))
        void import('@/features/home/api/home-opening').then(({ prefetchHomeOpening }) =>
          prefetchHomeOpening(queryClient, credentials.phone),
        );
    },
    // The layout's own session query reports it.
    () => undefined,
  );
}

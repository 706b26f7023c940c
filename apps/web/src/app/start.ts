import { APP_BASE_PATH, ROUTES } from '@smt/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { firstChunksOfLoginPage, firstChunksOfSignedInPage, isLoginPath } from '@/app/router';
import { publicConfigQueryOptions, seedPublicConfig } from '@/features/auth/api/get-public-config';
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
 * The settings come with the document (issue 39); they are asked for only when they did not.
 * Answers the chunks the first render waits for: the login page's, or the signed-in layout's,
 * so that React replaces the screen the document painted with the same (decision 079).
 */
export function startPageLoad(queryClient: QueryClient, pathname: string): Promise<unknown> {
  seedPublicConfig(queryClient);
  const login = isLoginPath(pathname, APP_BASE_PATH);
  // Someone signed in on this browser before: the session may be alive, its page worth loading.
  const maySignIn = getSessionCredentials() !== null || getStoredLoginDetails() !== null;
  const firstChunks = login
    ? firstChunksOfLoginPage()
    : maySignIn
      ? firstChunksOfSignedInPage(pathname, APP_BASE_PATH)
      : null;
  if (firstChunks === null) return Promise.resolve();

  // Home's calls and their schemas stay off the sign-in route's budget (route-scripts.ts) in a
  // chunk of their own, asked for now, beside the session. On home the user's details wait for
  // it, so that both are asked for side by side: the page cannot show before its chunk anyway.
  const homeOpening =
    !login && isHomePath(pathname) ? import('@/features/home/api/home-opening') : null;
  void queryClient.prefetchQuery(publicConfigQueryOptions());
  queryClient.fetchQuery(sessionQueryOptions()).then(
    (credentials) => {
      if (!credentials || login) return;
      const askUser = () => queryClient.fetchQuery(userDetailsQueryOptions());
      if (!homeOpening) return void askUser().catch(() => undefined);
      homeOpening.then(
        ({ prefetchHomeOpening }) => {
          const user = askUser();
          // The layout reports a user that cannot be read.
          user.catch(() => undefined);
          prefetchHomeOpening(queryClient, credentials.phone, user);
        },
        // The page's own queries ask again, and the router reports a chunk that fails.
        () => void askUser().catch(() => undefined),
      );
    },
    // The layout's own session query reports it.
    () => undefined,
  );
  // The app renders once these are in: on home that includes its opening, or the layout would
  // ask for the user on its own before the counts could be asked beside it.
  return homeOpening ? Promise.all([firstChunks, homeOpening]) : firstChunks;
}

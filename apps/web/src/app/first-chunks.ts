import { APP_BASE_PATH, ROUTES, routeAt } from '@smt/shared';
import {
  LOGIN_PAGE_MODULES,
  loadProtectedLayout,
  loadSignedInShell,
  SIGNED_IN_PAGE_MODULES,
} from '@/app/page-modules';
import { mayBeSignedIn } from '@/lib/may-be-signed-in';

// A failure here is the router's to report, when it asks for the same chunk.
const ignore = () => undefined;

/**
 * Starts fetching the chunks of the page at `pathname` (the browser's, base path included) as
 * the app's entry runs, beside the framework's rather than once it has been read and run
 * (issue 39): the login page's, or a signed-in page's layout, shell and page when someone may
 * be signed in here. The router's own loads of them find them under way (page-modules.ts).
 */
export function startFirstChunks(pathname: string): void {
  if (!pathname.startsWith(`${APP_BASE_PATH}/`)) return;
  const route = routeAt(pathname.slice(APP_BASE_PATH.length));
  if (route === null) return;
  const login = LOGIN_PAGE_MODULES.get(route);
  if (login) {
    void login.load().catch(ignore);
    return;
  }
  const page = SIGNED_IN_PAGE_MODULES.get(route);
  if (!page || !mayBeSignedIn()) return;
  void loadProtectedLayout().catch(ignore);
  void loadSignedInShell().catch(ignore);
  void page.load().catch(ignore);
  if (route === ROUTES.home) void import('@/features/home/api/home-opening').catch(ignore);
}

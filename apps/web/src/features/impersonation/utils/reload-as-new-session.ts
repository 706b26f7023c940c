import { APP_BASE_PATH, type TokenResponse } from '@smt/shared';
import { getSessionCredentials, setSessionCredentials } from '@/lib/session-credentials';

/**
 * The server opened a new session (a switch or its exit): its token replaces the old one, and
 * the app starts again at the root, which leads to the landing page of whoever is now acted
 * as, with nothing of the previous user left in memory. The phone and e-mail stay the real
 * user's: they name who signed in.
 */
export function reloadAsNewSession(token: TokenResponse): void {
  const credentials = getSessionCredentials();
  if (credentials) setSessionCredentials({ ...credentials, ...token });
  window.location.assign(`${APP_BASE_PATH}/`);
}

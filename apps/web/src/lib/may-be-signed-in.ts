import { LOGIN_DETAILS_KEY, SESSION_CREDENTIALS_KEY } from '@/lib/storage-keys';

/**
 * Someone may be signed in on this browser: a session's credentials or the details of a last
 * sign-in are kept. Read raw, before any schema has loaded; storage that cannot be read says
 * yes, so the app starts and reports it.
 */
export function mayBeSignedIn(): boolean {
  try {
    return (
      localStorage.getItem(SESSION_CREDENTIALS_KEY) !== null ||
      sessionStorage.getItem(SESSION_CREDENTIALS_KEY) !== null ||
      localStorage.getItem(LOGIN_DETAILS_KEY) !== null
    );
  } catch {
    return true;
  }
}

import type { SessionCredentials } from '@/lib/session-credentials';

/** Access tokens are renewed this long before they expire. */
export const REFRESH_AHEAD_MS = 2 * 60_000;

export type RefreshDecision = 'keep' | 'refresh' | 'signed-out';

type RefreshInput = {
  credentials: SessionCredentials | null;
  now: number;
  /** The first check since the page loaded. */
  onLoad: boolean;
  /** Someone signed in on this browser before, so a session cookie may still be alive. */
  mayResume: boolean;
};

/** What the auth query does on each run: keep the token, renew it, or stay signed out. */
export function refreshDecisionOf({
  credentials,
  now,
  onLoad,
  mayResume,
}: RefreshInput): RefreshDecision {
  if (credentials) {
    const expiresAt = Date.parse(credentials.expiresAt);
    if (Number.isNaN(expiresAt) || expiresAt - now <= REFRESH_AHEAD_MS) return 'refresh';
    return 'keep';
  }
  // A tab opened beside a signed-in one has no credentials (session storage is per tab),
  // but the browser still holds the session cookie.
  return onLoad && mayResume ? 'refresh' : 'signed-out';
}

import { sessionCalls } from '@smt/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { refreshSession } from '@/features/auth/api/refresh-session';
import { useLiveStream } from '@/features/live/hooks/use-live-stream';
import type { SessionRenewal } from '@/features/live/utils/live-connection';
import { useNotificationsPushed } from '@/features/notifications/hooks/use-notifications-watch';
import { isRefusedFor } from '@/lib/api-client';
import { getSessionCredentials, setSessionCredentials } from '@/lib/session-credentials';

/**
 * After the stream's 401: a new access token from the session cookie, kept as the session query
 * keeps the ones it renews. A 401 to the renewal went through the api client, whose listeners
 * have signed the user out already: the session is over.
 */
async function renewSession(queryClient: QueryClient): Promise<SessionRenewal> {
  const credentials = getSessionCredentials();
  if (!credentials) return 'ended';
  try {
    const next = { ...credentials, ...(await refreshSession()) };
    setSessionCredentials(next);
    queryClient.setQueryData(sessionQueryKey, next);
    return 'renewed';
  } catch (error) {
    return isRefusedFor(error, ...sessionCalls.refresh.refusals) ? 'ended' : 'unreachable';
  }
}

/**
 * New notifications reach the page over the live stream (decision 045): while it is up the
 * page does not poll, and each event fetches the counters and lists again. Answers whether it
 * is up; when it is not, the 15-second poll of decision 010 does the work.
 */
export function useLiveNotifications(userId: number): boolean {
  const queryClient = useQueryClient();
  const pushed = useNotificationsPushed();
  const status = useLiveStream({
    identity: String(userId),
    onReady: pushed.caughtUp,
    onNotifications: pushed.raised,
    renewSession: () => renewSession(queryClient),
  });
  return status === 'live';
}

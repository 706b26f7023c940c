import { AUTH_REFRESH_INTERVAL_MS, sessionCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { refreshSession } from '@/features/auth/api/refresh-session';
import { refreshDecisionOf } from '@/features/auth/utils/refresh-decision';
import { getStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import { isRefusedFor } from '@/lib/api-client';
import {
  clearSessionCredentials,
  getSessionCredentials,
  setSessionCredentials,
  type SessionCredentials,
} from '@/lib/session-credentials';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The stored credentials, renewed when they are about to expire; `null` when signed out. */
export async function getSession(onLoad: boolean): Promise<SessionCredentials | null> {
  const credentials = getSessionCredentials();
  const stored = getStoredLoginDetails();
  const decision = refreshDecisionOf({
    credentials,
    now: Date.now(),
    onLoad,
    mayResume: stored !== null,
  });
  if (decision === 'keep') return credentials;
  if (decision === 'signed-out') return null;

  try {
    const token = await refreshSession();
    const next: SessionCredentials = credentials
      ? { ...credentials, ...token }
      : {
          ...token,
          email: stored?.email ?? '',
          phone: stored?.phone ?? '',
          // Kept sessions keep their credentials in local storage, so this one was not.
          keepLoggedIn: false,
        };
    setSessionCredentials(next);
    return next;
  } catch (error) {
    if (isRefusedFor(error, ...sessionCalls.refresh.refusals)) {
      clearSessionCredentials();
      return null;
    }
    // The server was out of reach: the next run tries again while the token lasts.
    return credentials;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ client, queryKey }) => getSession(client.getQueryData(queryKey) === undefined),
    staleTime: AUTH_REFRESH_INTERVAL_MS,
    refetchInterval: (query) => (query.state.data ? AUTH_REFRESH_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

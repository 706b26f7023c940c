import { errorMessages, sessionCalls, type UserDetails } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { getSessionCredentials } from '@/lib/session-credentials';

export const userDetailsQueryKey = ['auth', 'user-details'] as const;

export function getUserDetails(signal?: AbortSignal): Promise<UserDetails> {
  if (!getSessionCredentials()?.phone) return Promise.reject(new Error(errorMessages.phoneMissing));
  return api.call(sessionCalls.userDetails, {}, { signal });
}

/** 401 and 403 end the session; trying again would not help. */
export function isSessionRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: userDetailsQueryKey,
    queryFn: ({ signal }) => getUserDetails(signal),
    // Dropped at sign-out, so each sign-in fetches them afresh.
    staleTime: Infinity,
    retry: (failureCount, error) =>
      failureCount < 1 && error instanceof ApiError && !isSessionRefusal(error),
  });

export function useUserDetails(enabled = true) {
  return useQuery({ ...userDetailsQueryOptions(), enabled });
}

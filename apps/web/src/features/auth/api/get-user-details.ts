import { errorMessages, refusalsOfAccess, sessionCalls, type UserDetails } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, isRefusedFor } from '@/lib/api-client';
import { getSessionCredentials } from '@/lib/session-credentials';

export const userDetailsQueryKey = ['auth', 'user-details'] as const;

/** Stored credentials without a phone: the user's details cannot be asked for. */
export class PhoneMissingError extends Error {
  override readonly name = 'PhoneMissingError';
  constructor() {
    super(errorMessages.phoneMissing);
  }
}

export function getUserDetails(signal?: AbortSignal): Promise<UserDetails> {
  if (!getSessionCredentials()?.phone) return Promise.reject(new PhoneMissingError());
  return api.call(sessionCalls.userDetails, {}, { signal });
}

/** A refusal that ends the session: trying again would not help. */
export function isSessionRefusal(error: unknown): error is ApiError {
  return (
    isRefusedFor(error, ...refusalsOfAccess(sessionCalls.userDetails.access)) || isForbidden(error)
  );
}

/** Any 403 ends the session too (SPEC §8): no module's reason, the code is all there is. */
export const isForbidden = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'FORBIDDEN';

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

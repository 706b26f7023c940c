import { accountCalls, type AccountProfile } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** The signed-in user's profile and this session's keep-logged-in choice. */
export function getProfile(signal?: AbortSignal): Promise<AccountProfile> {
  return api.call(accountCalls.profile, {}, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

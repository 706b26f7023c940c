import { accountCalls, type ProfileSaved } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionCredentials, setSessionCredentials } from '@/lib/session-credentials';
import { accountKeys } from './account-keys';

export type ProfileUpdate = { name: string; keepLoggedIn: boolean };

/**
 * Saves the name and keep-logged-in. The session's tokens come back, and the credentials move
 * to the storage the choice asks for: kept ones outlive the browser, others do not.
 */
export async function updateProfile(update: ProfileUpdate): Promise<ProfileSaved> {
  const saved = await api.call(accountCalls.updateProfile, { body: update });
  const credentials = getSessionCredentials();
  if (credentials) {
    setSessionCredentials({
      ...credentials,
      accessToken: saved.accessToken,
      expiresAt: saved.expiresAt,
      keepLoggedIn: saved.profile.keepLoggedIn,
    });
  }
  return saved;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.profile(), saved.profile),
  });
}

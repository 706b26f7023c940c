import type { TokenResponse } from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { publicConfigQueryKey } from '@/features/auth/api/get-public-config';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { userDetailsQueryKey } from '@/features/auth/api/get-user-details';
import { logout } from '@/features/auth/api/logout';
import { markActive } from '@/features/auth/utils/last-active';
import {
  getStoredLoginDetails,
  setStoredLoginDetails,
} from '@/features/auth/utils/stored-login-details';
import {
  clearSessionCredentials,
  setSessionCredentials,
  type SessionCredentials,
} from '@/lib/session-credentials';

export type SignedInAs = { email: string; phone: string; keepLoggedIn: boolean };

export type SessionActions = {
  /** Stores the session a verify call opened; the login routes then move on. */
  completeSignIn: (token: TokenResponse, as: SignedInAs) => void;
  /** Forgets the session here, ending it on the server first unless it has already ended. */
  signOut: (options?: { endServerSession?: boolean }) => Promise<void>;
};

/** Ends the session, then reloads the page: what a refused user-details call asks for. */
export async function forceLogout(): Promise<void> {
  await logout().catch(() => undefined);
  clearSessionCredentials();
  window.location.reload();
}

export function useSessionActions(): SessionActions {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      completeSignIn(token, as) {
        const credentials: SessionCredentials = { ...token, ...as };
        setSessionCredentials(credentials);
        const previous = getStoredLoginDetails();
        // The picker's country is only known from the send; it still holds for the same phone.
        const country = previous?.phone === as.phone ? previous.country : undefined;
        setStoredLoginDetails({ ...as, country });
        markActive(Date.now());
        queryClient.removeQueries({ queryKey: userDetailsQueryKey });
        queryClient.setQueryData(sessionQueryKey, credentials);
      },
      async signOut({ endServerSession = true } = {}) {
        if (endServerSession) await logout().catch(() => undefined);
        clearSessionCredentials();
        // Everything fetched for this user goes; the deployment's config stays.
        queryClient.removeQueries({
          predicate: ({ queryKey }) =>
            queryKey[0] !== publicConfigQueryKey[0] &&
            !(queryKey[0] === sessionQueryKey[0] && queryKey[1] === sessionQueryKey[1]),
        });
        queryClient.setQueryData(sessionQueryKey, null);
      },
    }),
    [queryClient],
  );
}

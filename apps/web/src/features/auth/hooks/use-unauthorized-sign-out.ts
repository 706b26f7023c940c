import { useEffect } from 'react';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { onUnauthorized } from '@/lib/api-client';

/** Any signed-in call answered 401: the session is over on the server, so it ends here too. */
export function useUnauthorizedSignOut() {
  const { signOut } = useSessionActions();
  useEffect(() => onUnauthorized(() => void signOut({ endServerSession: false })), [signOut]);
}

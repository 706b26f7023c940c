import { useEffect } from 'react';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { onUnauthorized } from '@/lib/api-client';

/**
 * A signed-in call answered 401: the session is over on the server, so it ends here too. A 403
 * that ends the session (SPEC §7.2) is the logout action: the server's session ends as well.
 */
export function useUnauthorizedSignOut() {
  const { signOut } = useSessionActions();
  useEffect(
    () => onUnauthorized((reason) => void signOut({ endServerSession: reason === 'forbidden' })),
    [signOut],
  );
}

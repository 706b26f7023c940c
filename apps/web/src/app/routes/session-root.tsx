import { Outlet } from 'react-router';
import { useUnauthorizedSignOut } from '@/features/auth/hooks/use-unauthorized-sign-out';

/** Around every route: a 401 to any signed-in call ends the session wherever the user is. */
export function SessionRoot() {
  useUnauthorizedSignOut();
  return <Outlet />;
}

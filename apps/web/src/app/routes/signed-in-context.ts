import type { ClientConfig, RouteUser, UserDetails } from '@smt/shared';
import { useOutletContext } from 'react-router';

/** What the signed-in layout hands the routes inside it. */
export type SignedInContext = { user: UserDetails; routeUser: RouteUser; config: ClientConfig };

export function useSignedIn(): SignedInContext {
  return useOutletContext<SignedInContext>();
}

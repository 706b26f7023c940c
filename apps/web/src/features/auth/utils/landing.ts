import { landingPathOf, ROUTES, routeRolesOf, type UserDetails } from '@smt/shared';

/**
 * Where a signed-in user goes from a login page (SPEC §4). A user with no known role goes
 * home, where the application-level denied screen meets them.
 */
export function landingPathOfUser(user: Pick<UserDetails, 'serverRoles'>): string {
  return landingPathOf(routeRolesOf(user.serverRoles)) ?? ROUTES.home.path;
}

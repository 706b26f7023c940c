import { isManagementRoute, ROUTES } from '@smt/shared';

/** The Feedback tab stays off the notifications pages and the management tools (SPEC §2.13). */
export function isFeedbackTabShownOn(pathname: string): boolean {
  const notifications = ROUTES.notifications.path;
  const onNotifications = pathname === notifications || pathname.startsWith(`${notifications}/`);
  return !onNotifications && !isManagementRoute(pathname);
}

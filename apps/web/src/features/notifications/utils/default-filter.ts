import { userClassOf, type NotificationFilter, type UserDetails } from '@smt/shared';

/** Whose notifications a user sees by default (SPEC §6): agents their own, managers all. */
export function defaultNotificationFilter(user: UserDetails): NotificationFilter {
  const userClass = userClassOf(user.roles, user.multiAgent);
  const manager = userClass === 'Manager' || userClass === 'ManagerWithMultiAgentAccess';
  return { fetchType: manager ? 'all' : 'personal' };
}

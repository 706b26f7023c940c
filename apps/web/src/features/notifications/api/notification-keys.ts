import type { NotificationFilter, NotificationListRequest } from '@smt/shared';
import { NOTIFICATIONS_ROOT_KEY } from '@/lib/query-keys';

export const notificationKeys = {
  all: [NOTIFICATIONS_ROOT_KEY] as const,
  lists: () => [NOTIFICATIONS_ROOT_KEY, 'list'] as const,
  list: (request: Omit<NotificationListRequest, 'offset'>) =>
    [NOTIFICATIONS_ROOT_KEY, 'list', request] as const,
  details: (id: number) => [NOTIFICATIONS_ROOT_KEY, 'details', id] as const,
  counters: () => [NOTIFICATIONS_ROOT_KEY, 'counters'] as const,
  countersOf: (filter: NotificationFilter) => [NOTIFICATIONS_ROOT_KEY, 'counters', filter] as const,
};

// What other modules may use of the notification lists: the caller's notifications, as a query.
export { allInScope } from './notification-list.repository';

// Every query about notifications (lists, details, counters, home) lives under this root, so
// that one invalidation refreshes all of them when the engine raises something new.
export const NOTIFICATIONS_ROOT_KEY = 'notifications';

// Placeholder until the per-group lists land (being written now).
export function NotificationListRoute() {
  return null;
}

// Placeholder until the notification centre lands (being written now).
export function NotificationsRoute() {
  return null;
}

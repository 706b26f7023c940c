import type { NotificationListItem } from '@smt/shared';

/** A card whose title or booking is gone says 'Notification is not available' (SPEC §2.4). */
export function isCentreCardAvailable(item: NotificationListItem): boolean {
  return item.title.trim() !== '' && item.pnr.trim() !== '';
}

/** Selection serves bulk delete, which a readonly notification refuses (SPEC §4). */
export function isCentreCardSelectable(item: NotificationListItem): boolean {
  return isCentreCardAvailable(item) && !item.readonly;
}

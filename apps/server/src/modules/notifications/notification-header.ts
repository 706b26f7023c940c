import type { NotificationHeader } from '@smt/shared';
import type { notifications } from '@/db/schema';

type HeaderColumns = Pick<
  typeof notifications.$inferSelect,
  | 'id'
  | 'type'
  | 'subtype'
  | 'group'
  | 'typeStatus'
  | 'title'
  | 'titleMessage'
  | 'notificationTime'
  | 'readonly'
>;

/** A notification row's header (SPEC §3) in the API's field names. */
export function headerOf(row: HeaderColumns): NotificationHeader {
  return {
    notification_id: row.id,
    type: row.type,
    subtype: row.subtype,
    group: row.group,
    type_status: row.typeStatus,
    title: row.title,
    title_message: row.titleMessage,
    notification_time: row.notificationTime.toISOString(),
    readonly: row.readonly,
  };
}

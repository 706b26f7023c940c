import { GROUP_LABEL, isUnread, type NotificationGroup, utcDayOf, utcMinuteOf } from '@smt/shared';
import { stringify, type Stringifier } from 'csv-stringify';
import { formulaSafe } from '@/lib/csv-cell';
import { pipeRecords } from '@/lib/csv-records';
import type { ListRow } from './notification-list.repository';

// The notification list as a CSV file: one row per notification, in list order.

export const CSV_COLUMNS = [
  { key: 'id', header: 'Notification ID' },
  { key: 'time', header: 'Time (UTC)' },
  { key: 'group', header: 'Group' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'read', header: 'Read' },
  { key: 'title', header: 'Title' },
  { key: 'message', header: 'Message' },
  { key: 'pnr', header: 'PNR' },
  { key: 'contact', header: 'Contact' },
  { key: 'booking', header: 'Booking' },
] as const;

type CsvRecord = Record<(typeof CSV_COLUMNS)[number]['key'], string | number | null>;

const groupLabel = (group: NotificationGroup) =>
  group in GROUP_LABEL ? GROUP_LABEL[group as keyof typeof GROUP_LABEL] : group;

export function csvRecordOf(row: ListRow): CsvRecord {
  return {
    id: row.id,
    time: utcMinuteOf(row.notificationTime),
    group: groupLabel(row.group),
    type: row.type,
    status: row.subtype,
    read: isUnread(row.status) ? 'No' : 'Yes',
    title: row.title,
    message: row.titleMessage,
    pnr: row.pnr,
    contact: row.contactName,
    booking: row.pnrSummary,
  };
}

/** 'notifications-YYYY-MM-DD.csv' for the day the file is made (UTC). */
export const csvFileName = (now: Date) => `notifications-${utcDayOf(now)}.csv`;

/**
 * The CSV text of the rows as a stream, header first. `onError` hears a failure while
 * streaming, when the answer's status has already gone out.
 */
export function notificationsCsv(
  rows: AsyncIterable<ListRow>,
  onError: (error: unknown) => void,
): Stringifier {
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    cast: { string: formulaSafe },
  });
  const records = async function* () {
    for await (const row of rows) yield csvRecordOf(row);
  };
  void pipeRecords(records(), csv, onError);
  return csv;
}

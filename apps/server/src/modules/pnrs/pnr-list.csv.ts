import { type PnrNotificationStat, pnrStatusText, utcDayOf, utcMinuteOf } from '@smt/shared';
import { stringify, type Stringifier } from 'csv-stringify';
import { formulaSafe } from '@/lib/csv-cell';
import { pipeRecords } from '@/lib/csv-records';
import type { PnrRow } from './pnr-list.repository';

// My PNRs as a CSV file: one row per booking, in the list's order.

export const PNR_CSV_COLUMNS = [
  { key: 'pnr', header: 'PNR' },
  { key: 'created', header: 'Creation date (UTC)' },
  { key: 'status', header: 'Status' },
  { key: 'cancelled', header: 'Cancelled' },
  { key: 'type', header: 'Type' },
  { key: 'passengers', header: '#Passengers' },
  { key: 'mainPassenger', header: 'Main passenger' },
  { key: 'customerNumber', header: 'Customer number' },
  { key: 'flight', header: 'Flight' },
  { key: 'route', header: 'Route' },
  { key: 'departure', header: 'Departure time' },
  { key: 'notifications', header: 'Pending notifications' },
] as const;

type CsvRecord = Record<(typeof PNR_CSV_COLUMNS)[number]['key'], string | number | null>;

export function pnrCsvRecordOf(row: PnrRow, stats: PnrNotificationStat[]): CsvRecord {
  return {
    pnr: row.pnrNumber,
    created: utcMinuteOf(row.pnrCreatedAt),
    status: pnrStatusText(row),
    cancelled: row.isCancelled ? 'Yes' : 'No',
    type: row.type,
    passengers: row.passengersCount,
    mainPassenger: row.mainPassenger,
    customerNumber: row.customerNumber,
    flight: row.carrierCode && row.flightNumber ? `${row.carrierCode}${row.flightNumber}` : null,
    route: row.origin && row.destination ? `${row.origin}-${row.destination}` : null,
    // Kept as the airport's local time read as UTC, so this is the local departure.
    departure: row.departureAt ? utcMinuteOf(row.departureAt) : null,
    notifications: stats.reduce((sum, stat) => sum + stat.total, 0),
  };
}

/** 'my-pnrs-YYYY-MM-DD.csv' for the day the file is made (UTC). */
export const pnrCsvFileName = (now: Date) => `my-pnrs-${utcDayOf(now)}.csv`;

/**
 * The CSV text as a stream, header first, pulling rows only as fast as the client reads, so
 * memory stays flat however many bookings there are. `onError` hears a failure mid-stream.
 */
export function pnrsCsv(
  rows: AsyncIterable<{ row: PnrRow; stats: PnrNotificationStat[] }>,
  onError: (error: unknown) => void,
): Stringifier {
  const csv = stringify({
    header: true,
    columns: [...PNR_CSV_COLUMNS],
    cast: { string: formulaSafe },
  });
  const records = async function* () {
    for await (const { row, stats } of rows) yield pnrCsvRecordOf(row, stats);
  };
  void pipeRecords(records(), csv, onError);
  return csv;
}

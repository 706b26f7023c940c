import { utcDayOf, utcMinuteOf } from '@smt/shared';
import { stringify, type Stringifier } from 'csv-stringify';
import { formulaSafe } from '@/lib/csv-cell';
import { pipeRecords } from '@/lib/csv-records';
import type { CreditRow } from './credits.repository';

// The Credits page as a CSV file: one row per credit, in the list's order. Amounts stay in
// their own currency, two decimals, never summed across currencies.

export const CREDIT_CSV_COLUMNS = [
  { key: 'passenger', header: 'Passenger' },
  { key: 'airline', header: 'Airline' },
  { key: 'amount', header: 'Amount' },
  { key: 'currency', header: 'Currency' },
  { key: 'expiresOn', header: 'Expires on' },
  { key: 'state', header: 'State' },
  { key: 'source', header: 'Source' },
  { key: 'pnr', header: 'PNR' },
  { key: 'agent', header: 'Agent' },
  { key: 'reference', header: 'Reference' },
  { key: 'created', header: 'Recorded (UTC)' },
  { key: 'closed', header: 'Closed (UTC)' },
] as const;

type CsvRecord = Record<(typeof CREDIT_CSV_COLUMNS)[number]['key'], string | null>;

const decimal = (amountCents: number) => (amountCents / 100).toFixed(2);

export const creditCsvRecordOf = (row: CreditRow): CsvRecord => ({
  passenger: row.passengerName,
  airline: row.airline,
  amount: decimal(Number(row.amountCents)),
  currency: row.currency,
  expiresOn: row.expiresOn,
  state: row.state,
  source: row.source,
  pnr: row.pnrNumber,
  agent: row.agentName,
  reference: row.reference,
  created: utcMinuteOf(row.createdAt),
  closed: row.closedAt ? utcMinuteOf(row.closedAt) : null,
});

/** 'credits-YYYY-MM-DD.csv' for the day the file is made (UTC). */
export const creditCsvFileName = (now: Date) => `credits-${utcDayOf(now)}.csv`;

/**
 * The CSV text as a stream, header first, pulling rows only as fast as the client reads, so
 * memory stays flat however many credits there are. `onError` hears a failure mid-stream.
 */
export function creditsCsv(
  rows: AsyncIterable<CreditRow>,
  onError: (error: unknown) => void,
): Stringifier {
  const csv = stringify({
    header: true,
    columns: [...CREDIT_CSV_COLUMNS],
    cast: { string: formulaSafe },
  });
  const records = async function* () {
    for await (const row of rows) yield creditCsvRecordOf(row);
  };
  void pipeRecords(records(), csv, onError);
  return csv;
}

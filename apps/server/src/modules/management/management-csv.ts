import { utcDayOf } from '@smt/shared';
import { stringify, type Stringifier } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { formulaSafe } from '@/lib/csv-cell';
import { pipeRecords } from '@/lib/csv-records';

// A management list as a CSV file: the list's rows, all of them, in the list's order.

type Cell = string | number | boolean;

export type CsvColumn<Row> = { header: string; value: (row: Row) => Cell };

/** The fields of a row that a cell shows as they are. */
type CellField<Row> = { [Key in keyof Row]: Row[Key] extends Cell ? Key : never }[keyof Row];

/** Columns that each show one field as it is, by their headers in order. */
export const fieldColumns = <Row>(fields: Record<string, CellField<Row>>): CsvColumn<Row>[] =>
  Object.entries(fields).map(([header, field]) => ({
    header,
    value: (row) => row[field] as Cell,
  }));

/** The CSV text as a stream, header first; every string cell is formula-safe. */
export function managementCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  onError: (error: unknown) => void,
): Stringifier {
  const csv = stringify({
    header: true,
    columns: columns.map((column, index) => ({ key: String(index), header: column.header })),
    cast: { string: formulaSafe, boolean: (value) => (value ? 'Yes' : 'No') },
  });
  const records = function* () {
    for (const row of rows) {
      yield Object.fromEntries(columns.map((column, index) => [String(index), column.value(row)]));
    }
  };
  void pipeRecords(records(), csv, onError);
  return csv;
}

/** 'agencies-YYYY-MM-DD.csv' for the day the file is made (UTC). */
export const managementCsvFileName = (list: string, now: Date) => `${list}-${utcDayOf(now)}.csv`;

/** Answers a list's CSV file, named for the day, streamed as it is written. */
export function sendManagementCsv<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { list: string; columns: readonly CsvColumn<Row>[]; rows: readonly Row[]; now: Date },
): FastifyReply {
  const csv = managementCsv(file.columns, file.rows, (error) =>
    request.log.error({ err: error }, `${file.list} CSV failed while streaming`),
  );
  return sendAttachment(reply, {
    type: CSV_TYPE,
    filename: managementCsvFileName(file.list, file.now),
    body: csv,
  });
}

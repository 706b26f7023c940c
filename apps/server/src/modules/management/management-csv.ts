import { utcDayOf } from '@smt/shared';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formulaSafe } from '@/lib/csv-cell';

// A management list as a CSV file: the list's rows, all of them, in the list's order.

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean };

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
  pipeline(Readable.from(records()), csv).catch(onError);
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
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${managementCsvFileName(file.list, file.now)}"`,
    )
    .send(csv);
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Stringifier } from 'csv-stringify';

/**
 * Pipes `records` into `csv`, pulled only as fast as the client reads. `onError` hears a
 * failure (the rows' query, say), not a client that stopped reading: Fastify then destroys
 * `csv`, which ends the pipe as a premature close, and logs the client's leaving itself.
 */
export function pipeRecords(
  records: Iterable<object> | AsyncIterable<object>,
  csv: Stringifier,
  onError: (error: unknown) => void,
): Promise<void> {
  return pipeline(Readable.from(records), csv).catch((error: unknown) => {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' && csv.destroyed) return;
    onError(error);
  });
}

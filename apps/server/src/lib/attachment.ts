import type { FastifyReply } from 'fastify';

/** A CSV file's media type, as every CSV download is sent. */
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Answers a file the browser saves under `filename`: text, bytes or a stream of either. */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: string; filename: string; body: unknown },
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

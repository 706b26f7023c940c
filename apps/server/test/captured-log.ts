import { Writable } from 'node:stream';
import Fastify from 'fastify';

/**
 * A log kept in memory, to show what reached it: `logger` for an app (createTestApp), `log`
 * for code that takes a logger (a delivery worker). Lines are JSON, as a server writes them.
 */
export function capturedLog(level: 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = { level, stream };
  return {
    logger,
    log: Fastify({ logger }).log,
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

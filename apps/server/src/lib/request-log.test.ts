import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};

async function appLogging() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new OneLinePerRequest(),
  });
  app.get('/api/fine', async () => ({ ok: true }));
  app.get('/api/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
  return { app, lines };
}

describe('OneLinePerRequest', () => {
  it('should write one line per request, naming the request and its answer', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ url: '/api/fine', headers: { 'x-request-id': 'r-1' } });
    await app.inject({ url: '/api/fine?page=2' });

    expect(lines.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/fine' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[1]?.req?.url).toBe('/api/fine?page=2');
    expect(lines[0]?.reqId).not.toBe(lines[1]?.reqId);
    await app.close();
  });

  it("should keep Fastify's line for an error, beside the request's own", async () => {
    const { app, lines } = await appLogging();
    await app.inject({ url: '/api/broken' });

    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({
        res: { statusCode: 500 },
        req: expect.objectContaining({ url: '/api/broken' }),
      }),
    ]);
    expect(lines.some((line) => line.level === 50 && line.msg === 'broken on purpose')).toBe(true);
    await app.close();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_EVENTS, NOTIFICATION_CALLS } from '@smt/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openLive } from '../../../test/live-stream';
import {
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../../test/server-process';
import { DEMO } from '../../../test/sign-in';

// `npm start` with nothing configured (decision 047): the API process hears, through the
// embedded database's process, what commits there (decision 045).
describe('the live stream over the embedded default', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    if (server && !server.exit()) await server.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('should tell the page of a change committed in the embedded database and end with its session', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smt-live-embedded-'));
    server = await startServerProcess({ DATA_DIR: dataDir });
    const running = server;
    const headers = await signInOverHttp(running, DEMO.agent);
    const counters = async () =>
      (
        await running.call('POST', `/api/${NOTIFICATION_CALLS.unreadCounters}`, {
          headers,
          body: {},
        })
      ).body as { latestId: number | null };
    // The engine, beside the database, raises the demo's notifications soon after the start.
    let latestId: number | null = null;
    await vi.waitFor(
      async () => {
        latestId = (await counters()).latestId;
        expect(latestId).not.toBeNull();
      },
      { timeout: 60_000, interval: 500 },
    );

    const stream = await openLive(running.base, headers);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: LIVE_EVENTS.ready, data: '{}' });
    // Opening it unread marks it read: an UPDATE, announced by the trigger.
    const opened = await running.call('POST', `/api/${NOTIFICATION_CALLS.data}`, {
      headers,
      body: { notification_id: latestId },
    });
    expect(opened.status).toBe(200);
    let heard = 0;
    while (heard < (latestId ?? 0)) {
      const event = await stream.next(20_000);
      if (!event) throw new Error('the stream ended before the change was heard');
      expect(event.event).toBe(LIVE_EVENTS.notifications);
      heard = Math.max(heard, (JSON.parse(event.data) as { latestId: number }).latestId);
    }

    expect((await running.call('GET', '/api/logout', { headers })).status).toBe(200);
    await stream.ended(20_000);
  }, 180_000);
});

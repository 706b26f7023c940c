import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBody } from '@smt/shared';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DRAINING_REASON } from '@/lib/lifecycle';
import { signInOverHttp, startServerProcess, type ServerProcess } from '../test/server-process';
import { DEMO } from '../test/sign-in';

// A rolling restart sends SIGTERM to an API process while a balancer still sends it requests
// (issue 33: 2 of 597 broke on reused connections). Readiness turns 503 at once, requests keep
// being answered for DRAIN_SECONDS, and the process then ends with status 0.

// Half of it is the window in which 50 more answers must come (a balancer's delay): long enough
// for a 2-core host running the other integration files beside this one.
const DRAIN_SECONDS = 6;
const CLIENTS = 8;
const adminUrl = process.env.TEST_DATABASE_URL;

type Outcome = { status: number } | { error: string };

/** Requests on kept-alive connections, as a balancer sends them, until told to stop. */
function load(server: ServerProcess, headers: Record<string, string>) {
  const outcomes: Outcome[] = [];
  let sending = true;
  const client = async () => {
    while (sending) {
      try {
        const answer = await server.call('POST', '/api/v2/getNotificationList', {
          headers,
          body: { group: 'RECENT', subtype: ['Pending', 'Failed', 'Complete'], chunk: 20 },
        });
        outcomes.push({ status: answer.status });
      } catch (error) {
        outcomes.push({ error: String((error as Error).cause ?? error) });
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    outcomes,
    stop: async () => {
      sending = false;
      await Promise.all(clients);
    },
  };
}

async function drainUnderLoad(server: ServerProcess) {
  const headers = await signInOverHttp(server, DEMO.manager);
  const running = load(server, headers);
  await vi.waitFor(() => expect(running.outcomes.length).toBeGreaterThan(50), {
    timeout: 30_000,
  });

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  // The next readiness probe, once the signal is in, sends traffic elsewhere.
  const ready = await vi.waitFor(
    async () => {
      const answer = await server.call('GET', '/api/ready');
      expect(answer.status, answer.text).toBe(503);
      return answer;
    },
    { timeout: 1_000, interval: 20 },
  );
  expect(ApiErrorBody.parse(ready.body)).toEqual({ code: 'INTERNAL', message: DRAINING_REASON });
  // A balancer takes a moment to notice: requests go on arriving meanwhile, and are answered.
  const answeredBefore = running.outcomes.length;
  await vi.waitFor(() => expect(running.outcomes.length).toBeGreaterThan(answeredBefore + 50), {
    timeout: (DRAIN_SECONDS * 1000) / 2,
  });
  expect(server.exit()).toBeNull();
  await running.stop();

  await server.kill('SIGTERM');
  expect(server.exit(), server.output()).toEqual({ code: 0, signal: null });
  // It stayed for the grace period, not much longer.
  expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
  const failed = running.outcomes.filter(
    (outcome) => !('status' in outcome && outcome.status === 200),
  );
  expect(failed).toEqual([]);
  expect(running.outcomes.length).toBeGreaterThan(100);
}

describe('a process told to stop', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of servers) if (!server.exit()) await server.kill('SIGKILL');
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('should drain the embedded default under load and exit 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smt-drain-'));
    dirs.push(dataDir);
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
    servers.push(server);
    await drainUnderLoad(server);
  }, 180_000);

  it.skipIf(!adminUrl)(
    `should drain an API process on PostgreSQL under load and exit 0${adminUrl ? '' : ' (skipped: no TEST_DATABASE_URL)'}`,
    async () => {
      const name = `smt_drain_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl ?? '');
      url.pathname = `/${name}`;
      try {
        // A worker made the demo organisation; the API process under test only serves.
        const worker = await startServerProcess({ DATABASE_URL: url.toString() });
        servers.push(worker);
        const server = await startServerProcess({
          DATABASE_URL: url.toString(),
          SMT_ROLE: 'api',
          DRAIN_SECONDS: String(DRAIN_SECONDS),
        });
        servers.push(server);
        await drainUnderLoad(server);
        await worker.kill('SIGTERM');
        expect(worker.exit()?.code, worker.output()).toBe(0);
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});

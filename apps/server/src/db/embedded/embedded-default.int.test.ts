import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../../test/server-process';
import { DEMO } from '../../../test/sign-in';

// `npm start` with nothing configured: the API answers on its own thread while PGlite and the
// engine run in a process of their own, reached over a socket only this user can open
// (decision 047).
describe('the embedded default', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) if (!server.exit()) await server.kill('SIGKILL');
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const lockOf = async (dataDir: string) =>
    JSON.parse(await readFile(path.join(dataDir, 'smt.lock'), 'utf8')) as {
      pid: number;
      server?: number;
    };
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('should keep the database and the engine off the API process, on a private socket, and end them with it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smt-embedded-'));
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    servers.push(server);

    const health = await server.call('GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', db: 'pglite' });

    // The data directory is held by another process, started by this server for it.
    const lock = await lockOf(dataDir);
    expect(lock.server).toBe(server.child.pid);
    expect(lock.pid).not.toBe(server.child.pid);
    expect(isRunning(lock.pid)).toBe(true);

    const run = path.join(dataDir, 'run');
    expect((await stat(run)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(run, '.s.PGSQL.5432'))).mode & 0o777).toBe(0o600);

    // The engine runs beside the database: the simulator's demo bookings are checked.
    await vi.waitFor(
      async () => {
        const metrics = await server.call('GET', '/metrics');
        expect(metrics.status).toBe(200);
        expect(server.output()).toMatch(/worker started: monitoring engine only/);
      },
      { timeout: 60_000, interval: 500 },
    );

    await server.kill('SIGTERM');
    expect(server.exit()?.code).toBe(0);
    await vi.waitFor(() => expect(isRunning(lock.pid)).toBe(false), { timeout: 15_000 });
    await expect(stat(path.join(dataDir, 'smt.lock'))).rejects.toThrow(/ENOENT/);
  }, 180_000);

  it("should start the database's process again when it dies, and serve again by itself", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smt-embedded-restart-'));
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    servers.push(server);
    await vi.waitFor(
      () => expect(server.output()).toMatch(/worker started: monitoring engine only/),
      {
        timeout: 60_000,
        interval: 200,
      },
    );
    const first = await lockOf(dataDir);
    const headers = await signInOverHttp(server, DEMO.agent);

    process.kill(first.pid, 'SIGKILL');
    // Meanwhile the API stays up and says it is not ready, as in any outage of its database.
    await vi.waitFor(
      () =>
        expect(server.output()).toMatch(/the embedded database's process ended; starting it again/),
      { timeout: 10_000, interval: 100 },
    );
    expect(server.exit()).toBeNull();
    const health = await server.call('GET', '/api/health');
    expect(health.status).toBe(200);

    await vi.waitFor(
      async () => {
        const ready = await server.call('GET', '/api/ready');
        expect(ready.status, ready.text).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
    const again = await lockOf(dataDir);
    expect(again.pid).not.toBe(first.pid);
    expect(again.server).toBe(server.child.pid);
    expect(server.output()).toMatch(/the embedded database serves again/);
    // The session made before is in the database it serves again; the engine runs beside it.
    const user = await server.call('GET', '/api/getUserDetails', { headers });
    expect(user.status, user.text).toBe(200);
    await vi.waitFor(
      () =>
        expect(server.output().match(/worker started: monitoring engine only/g)).toHaveLength(2),
      { timeout: 60_000, interval: 200 },
    );

    await server.kill('SIGTERM');
    expect(server.exit()?.code, server.output()).toBe(0);
    await vi.waitFor(() => expect(isRunning(again.pid)).toBe(false), { timeout: 15_000 });
  }, 180_000);
});

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

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
});

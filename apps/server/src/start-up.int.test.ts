import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/free-port';
import {
  signInOverHttp,
  spawnServer,
  startServerProcess,
  type ServerProcess,
  type SpawnedServer,
} from '../test/server-process';
import { DEMO } from '../test/sign-in';

// The real server as `npm start` runs it, started the ways operators and mishaps start it:
// twice on one data directory, with nothing configured, several at once on an empty database,
// before its database exists, and with settings production refuses.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;

type LogLine = { level: number; msg: string; [key: string]: unknown };

/** Every line the process wrote, each of which must be a JSON log line. */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

async function exitOf(server: SpawnedServer) {
  const ended = await server.exited;
  return { ...ended, lines: logLines(server.output()) };
}

/** The addresses a TCP port listens on, from the kernel's own tables (IPv4 and IPv6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const [, local, , state] = row.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, portHex] = local.split(':');
      if (portHex === hexPort && address) found.push(address);
    }
  }
  return found;
}

/** Whether a TCP connection to the address and port is accepted. */
async function accepts(host: string, port: number): Promise<boolean> {
  const socket = connect({ host, port });
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

async function runSeed(dataDir: string, args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/seed/seed-cli.ts', ...args],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const servers: (ServerProcess | SpawnedServer)[] = [];
const dirs: string[] = [];
const databases: string[] = [];

async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'smt-start-'));
  dirs.push(dir);
  return dir;
}

async function adminQuery(text: string) {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function urlOf(name: string) {
  const url = new URL(adminUrl ?? 'postgres://localhost/x');
  url.pathname = `/${name}`;
  return url.toString();
}

async function freshDatabase(): Promise<string> {
  const name = `smt_start_${Math.random().toString(16).slice(2, 10)}`;
  await adminQuery(`create database "${name}"`);
  databases.push(name);
  return urlOf(name);
}

/** Alive and not a zombie left for its new parent to reap. */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/**
 * Stops the process holding a data directory: the embedded database's own process outlives a
 * server killed with SIGKILL for up to its shutdown's 10 s, writing into the directory, so the
 * directory could not be removed under it.
 */
async function stopHolderOf(dir: string) {
  let pid: unknown;
  try {
    pid = (JSON.parse(readFileSync(path.join(dir, 'smt.lock'), 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return;
  }
  if (typeof pid !== 'number' || pid === process.pid || !isRunning(pid)) return;
  process.kill(pid, 'SIGKILL');
  await vi.waitFor(
    () => {
      if (isRunning(pid)) throw new Error(`process ${pid} still holds ${dir}`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

afterAll(async () => {
  for (const server of servers) {
    if ('kill' in server) await server.kill('SIGKILL');
    else if (!server.exit()) server.child.kill('SIGKILL');
  }
  for (const dir of dirs) {
    await stopHolderOf(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  for (const name of databases) {
    await adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  }
});

describe('one process per embedded data directory', () => {
  it('should refuse a second server and db:seed while one holds DATA_DIR, and start after the holder is killed', async () => {
    const dataDir = await tempDataDir();
    // Nothing configured but the data directory: HOST, too, is left to its default.
    const first = await startServerProcess({ DATA_DIR: dataDir, HOST: '' });
    servers.push(first);
    const firstPid = first.child.pid;

    // Listening on this machine only, as the kernel's own tables tell.
    const port = Number(new URL(first.base).port);
    expect(listeningAddresses(port)).toEqual(['0100007F']);
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (outward) expect(await accepts(outward.address, port)).toBe(false);

    const second = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    servers.push(second);
    const refused = await exitOf(second);
    expect(refused.code).toBe(1);
    expect(refused.lines.at(-1)).toMatchObject({ level: 60 });
    expect(refused.lines.at(-1)?.msg).toContain(
      `The data directory ${dataDir} is in use by process ${firstPid}`,
    );
    expect(refused.lines.some((line) => /SMT is up/.test(line.msg))).toBe(false);

    const seed = await runSeed(dataDir, ['--reset']);
    expect(seed.code).toBe(1);
    expect(seed.output.trim()).toContain(`The data directory ${dataDir} is in use by process`);

    // The first kept serving, its data whole.
    expect((await first.call('GET', '/api/health')).status).toBe(200);
    const headers = await signInOverHttp(first, DEMO.agent);
    expect((await first.call('GET', '/api/getUserDetails', { headers })).status).toBe(200);

    await first.kill('SIGKILL');
    const third = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(third);
    const again = await signInOverHttp(third, DEMO.agent2);
    const me = await third.call('GET', '/api/getUserDetails', { headers: again });
    expect(me.body).toMatchObject({ email: DEMO.agent2.email });
  }, 240_000);
});

describe('settings a start refuses', () => {
  it('should refuse production without PUBLIC_URL and a sign-in transport in one JSON line', async () => {
    const server = await spawnServer({ APP_ENV: 'production', DATA_DIR: await tempDataDir() });
    servers.push(server);
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60 });
    expect(lines[0]?.msg).toMatch(/PUBLIC_URL: required in production/);
    expect(lines[0]?.msg).toMatch(/no one can sign in/);
  });

  it('should refuse TRUST_PROXY=true in production, saying what to write instead', async () => {
    const server = await spawnServer({
      APP_ENV: 'production',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://smt.example.com',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      DATA_DIR: await tempDataDir(),
    });
    servers.push(server);
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toMatch(/TRUST_PROXY: true trusts every hop.*TRUST_PROXY=1/);
  });

  it('should name every wrong variable in one JSON line when the configuration is wrong', async () => {
    const server = await spawnServer({ PORT: 'eighty', SMT_ROLE: 'both' });
    servers.push(server);
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toMatch(/^Invalid configuration: .*PORT.*SMT_ROLE/);
  });

  it('should try an unreachable database again, a JSON line a try, then exit saying so', async () => {
    const nobody = await freePort();
    const server = await spawnServer({
      DATABASE_URL: `postgres://smt:secret@127.0.0.1:${nobody}/smt`,
      DATABASE_START_TIMEOUT_SECONDS: '3',
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    const tries = lines.filter((line) => /cannot be reached yet/.test(line.msg));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(tries.map((line) => line.attempt)).toEqual(tries.map((_, i) => i + 1));
    const last = lines.at(-1);
    expect(last).toMatchObject({ level: 60 });
    expect(last?.msg).toMatch(/could not be reached within 3 s/);
    expect(server.output()).not.toContain('secret');
  }, 60_000);
});

describe.skipIf(!adminUrl)('starts on PostgreSQL', () => {
  it('should wait for a database that does not exist yet and start once it is made', async () => {
    const name = `smt_start_late_${Math.random().toString(16).slice(2, 10)}`;
    databases.push(name);
    const server = await spawnServer({
      DATABASE_URL: urlOf(name),
      SMT_ROLE: 'api',
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    await vi.waitFor(
      () => {
        if (server.exit()) throw new Error(`the server ended: ${server.output()}`);
        expect(server.output()).toMatch(/cannot be reached yet/);
      },
      { timeout: 30_000, interval: 200 },
    );
    await adminQuery(`create database "${name}"`);
    const base = `http://127.0.0.1:${server.port}`;
    await vi.waitFor(
      async () => {
        if (server.exit()) throw new Error(`the server ended: ${server.output()}`);
        const ready = await fetch(`${base}/api/ready`).catch(() => null);
        if (ready?.status !== 200) throw new Error(`not ready: ${server.output()}`);
      },
      { timeout: 90_000, interval: 250 },
    );
    logLines(server.output());
  }, 150_000);

  it.each([2, 4])(
    'should make one demo organisation when %i processes start together on an empty database',
    async (count) => {
      const url = await freshDatabase();
      const started = await Promise.all(
        Array.from({ length: count }, () =>
          startServerProcess({ DATABASE_URL: url }, { startupMs: 180_000 }),
        ),
      );
      servers.push(...started);
      for (const server of started) {
        const ready = await server.call('GET', '/api/ready');
        expect(ready.status, server.output()).toBe(200);
        expect(server.exit()).toBeNull();
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ agencies: number; users: number }>(
          'select (select count(*)::int from agencies) as agencies, (select count(*)::int from users) as users',
        );
        expect(rows[0]).toEqual({ agencies: 2, users: 8 });
      } finally {
        await client.end();
      }
      for (const server of started) await server.kill('SIGTERM');
    },
    240_000,
  );
});

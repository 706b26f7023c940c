import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync);
const asRoot = process.getuid?.() === 0;

/** The newest installed PostgreSQL's bin directory with initdb and pg_ctl, or null. */
function binDirectory(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(path.join(PG_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

/** Why a private cluster cannot be run here, or null when it can. */
export function privatePostgresMissing(): string | null {
  if (!binDirectory())
    return `no PostgreSQL binaries (initdb, pg_ctl) under ${PG_ROOT}/<version>/bin`;
  if (asRoot && !RUNUSER) return 'running as root without runuser, and PostgreSQL refuses root';
  return null;
}

export type PrivatePostgres = {
  port: number;
  /** A URL of a database of this cluster. */
  urlOf: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  /** `pg_ctl stop -m fast`: every connection is ended and new ones are refused. */
  stop: () => Promise<void>;
  /** Starts the stopped cluster again on the same port. */
  start: () => Promise<void>;
  /** Stops the cluster and removes its files. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of its own, in a temp directory on a free port, that a test may stop and
 * start while a server uses it (the machine's shared cluster must never be). Trust auth, on
 * 127.0.0.1 only, its socket in the temp directory. PostgreSQL refuses to run as root, so as
 * root it runs as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDirectory();
  if (!bin) throw new Error(privatePostgresMissing() ?? 'no PostgreSQL');
  const home = await mkdtemp(path.join(tmpdir(), 'smt-private-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await chown(home, uid, gid);
  }
  const dataDir = path.join(home, 'data');
  const logFile = path.join(home, 'postgres.log');
  const port = await freePort();
  const pgTool = (tool: string, args: string[]) =>
    asRoot && RUNUSER
      ? run(RUNUSER, ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);

  await pgTool('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const serverOptions = [
    `-p ${port}`,
    `-k ${home}`,
    '-c listen_addresses=127.0.0.1',
    // Durability is not under test; the server under test is killed, never this cluster.
    '-c fsync=off',
  ].join(' ');
  const start = async () => {
    await pgTool('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-o',
      serverOptions,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async () => {
    await pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    port,
    urlOf,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: urlOf('postgres') });
      await admin.connect();
      try {
        await admin.query(`create database "${name}"`);
      } finally {
        await admin.end();
      }
      return urlOf(name);
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await stop();
      } finally {
        await rm(home, { recursive: true, force: true });
      }
    },
  };
}

import { execSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync, closeSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/free-port';

// The server as `npm start` runs it, in a process of its own: the bundle apps/server/dist/
// server.js (built first when older than its sources, as scripts/start.mjs does) under plain
// node, with no environment but what is given, so a DATABASE_URL of the shell does not slip in.
// Measured from outside as a black box: whatever runs inside (PGlite in the thread, or in a
// process of its own) is what is measured. Its log goes to a file, as a terminal would take it,
// so nobody's event loop pays for reading it.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts: string[]) => path.join(ROOT, ...parts);
const BUNDLE = at('apps', 'server', 'dist', 'server.js');
const STARTUP_MS = 180_000;
const STOP_MS = 20_000;

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) =>
      name === 'node_modules' ? newest : Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** Builds the server's bundle when it is missing or older than its sources; true when built. */
export function buildServerIfStale(): boolean {
  const built = existsSync(BUNDLE) ? statSync(BUNDLE).mtimeMs : 0;
  const sources = [
    at('apps', 'server', 'src'),
    at('apps', 'server', 'scripts'),
    at('packages', 'shared', 'src'),
  ];
  if (built >= Math.max(...sources.map(newestMtime))) return false;
  execSync('node apps/server/scripts/build.mjs', { cwd: ROOT, stdio: 'inherit' });
  return true;
}

export type BuiltServer = {
  base: string;
  pid: number;
  logFile: string;
  /** The log's last lines, for a failure to show. */
  tail: (lines?: number) => Promise<string>;
  signal: (signal: NodeJS.Signals) => void;
  /** SIGTERM and the server's own graceful close (which writes a CPU profile when asked). */
  stop: () => Promise<void>;
};

export type StartOptions = {
  /** The server's environment beside PATH, HOME, PORT and HOST. */
  env: Record<string, string>;
  logFile: string;
  /**
   * Node.js flags for the server (--cpu-prof is not allowed in NODE_OPTIONS; a process the
   * server forks inherits them).
   */
  nodeFlags?: string[];
  /** Modules loaded before the server's (`node --import`). */
  imports?: string[];
};

async function tailOf(file: string, lines: number): Promise<string> {
  try {
    return (await readFile(file, 'utf8'))
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  } catch {
    return '';
  }
}

/** Starts the built server on a free port of 127.0.0.1 and waits for /api/health. */
export async function startBuiltServer(options: StartOptions): Promise<BuiltServer> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeFlags ?? []),
      ...(options.imports ?? []).flatMap((module) => ['--import', module]),
      BUNDLE,
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? ROOT,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  let ended = false;
  const exited = once(child, 'exit').then(() => {
    ended = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const tail = (lines = 20) => tailOf(options.logFile, lines);

  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (ended) throw new Error(`the server ended while starting:\n${await tail()}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${STARTUP_MS / 1000} s:\n${await tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    base,
    pid,
    logFile: options.logFile,
    tail,
    signal: (signal) => {
      if (!ended) child.kill(signal);
    },
    stop: async () => {
      if (ended) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/free-port';

// The real server as a child process, started the way `npm run dev` starts it (tsx over the
// sources), so its memory is its own and is read from /proc while the users work.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_MS = 180_000;

export type RssSample = { at: number; bytes: number };

/** What the server wrote at warn level and above, as pino writes it (one JSON line each). */
export type LogLine = { level: number; msg: string; line: string };

export type ServerChild = {
  port: number;
  pid: number;
  /** Warn (40) and above; the soak prints them and counts errors (50 and above). */
  logLines: LogLine[];
  /** Resident memory in bytes, as /proc/<pid>/status tells it. */
  rss: () => Promise<number>;
  stop: () => Promise<number | null>;
};

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

function readLog(child: ChildProcess, lines: LogLine[]): void {
  let pending = '';
  const take = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      if (line.trim() === '') continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        lines.push({ level: entry.level ?? 50, msg: entry.msg ?? '', line });
      } catch {
        // Not pino's: something the runtime printed, which a quiet server never does.
        lines.push({ level: 50, msg: line.slice(0, 200), line });
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer /api/health within ${STARTUP_MS / 1000} s`);
}

/**
 * Starts `apps/server/src/server.ts` on a free port with the engine and delivery running
 * (SMT_ROLE=all). TRUST_PROXY is on because the soak plays the proxy in front of the server:
 * each simulated person comes from an address of their own, as they would in production.
 */
export async function startServer(databaseUrl: string): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
      DATABASE_URL: databaseUrl,
      APP_ENV: 'local',
      SMT_ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines: LogLine[] = [];
  readLog(child, logLines);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await waitForHealth(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    for (const line of logLines.slice(-20)) console.error(line.line);
    throw error;
  }
  return {
    port,
    pid,
    logLines,
    rss: () => rssOf(pid),
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

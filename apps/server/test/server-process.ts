import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoPerson } from './sign-in';
import { TEST_KEY } from './sign-in';
import { BUILT_SERVER } from './built-server';
import { freePort } from './free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTUP_MS = 90_000;

export type Answer = { status: number; headers: Headers; body: unknown; text: string };

export type ServerProcess = {
  base: string;
  child: ChildProcess;
  /** What the process wrote, for a failing test to show. */
  output: () => string;
  /** How it ended, or null while it runs. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** One HTTP call; a call that gets no answer within `timeoutMs` fails. */
  call: (
    method: string,
    url: string,
    options?: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
  ) => Promise<Answer>;
  /** Sends a signal and waits for the process to end. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export type SpawnedServer = {
  port: number;
  child: ChildProcess;
  output: () => string;
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * The real server in a process of its own, as `npm start` runs it: one node process running
 * the bundle of the sources as they are (built-server.ts), on a free port, in APP_ENV=local with
 * engine and delivery in it (SMT_ROLE=all).
 * A variable set to '' is unset for the server (loadEnv reads it so). It may not come up:
 * startServerProcess waits until it does.
 */
export async function spawnServer(
  env: Record<string, string>,
  { umask }: { umask?: string } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  // Without --enable-source-maps, as `npm start` runs: reading the maps of the bundle and of
  // every package it loads cost each process (the API's and its embedded database's) some 0.6 s
  // of CPU at start, over some thirty starts a run.
  const command = [process.execPath, BUILT_SERVER];
  // Under a umask of the caller's choosing, as a login shell would start it; exec keeps the pid.
  const [file, ...args] = umask
    ? ['/bin/sh', '-c', `umask ${umask} && exec "$@"`, 'sh', ...command]
    : command;
  const child = spawn(file ?? process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? ROOT,
      APP_ENV: 'local',
      SMT_ROLE: 'all',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // A test's SIGTERM ends the process at once unless the test is about the drain.
      DRAIN_SECONDS: '0',
      // A worker serves no API: its health, readiness and metrics answer on the port instead.
      ...(env.SMT_ROLE === 'worker' ? { METRICS_PORT: String(port) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = once(child, 'exit').then(([code, signal]) => {
    ended = { code: code as number | null, signal: signal as NodeJS.Signals | null };
    return ended;
  });
  return { port, child, output: () => output, exit: () => ended, exited };
}

/** A spawned server once it answers /api/health; it fails when the server ends first. */
export async function startServerProcess(
  env: Record<string, string>,
  { startupMs = STARTUP_MS, umask }: { startupMs?: number; umask?: string } = {},
): Promise<ServerProcess> {
  const { port, child, output, exit, exited } = await spawnServer(env, { umask });
  const base = `http://127.0.0.1:${port}`;
  const call: ServerProcess['call'] = async (method, url, options = {}) => {
    const hasBody = options.body !== undefined;
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, headers: response.headers, body, text };
  };

  const deadline = Date.now() + startupMs;
  for (;;) {
    if (exit()) throw new Error(`the server ended while starting:\n${output()}`);
    try {
      if ((await call('GET', '/api/health', { timeoutMs: 2_000 })).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${startupMs / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    base,
    child,
    output,
    exit,
    call,
    async kill(signal) {
      if (!exit()) child.kill(signal);
      await exited;
    },
  };
}

/** Signs a demo person in by SMS over HTTP; answers the three headers of an authenticated call. */
export async function signInOverHttp(
  server: ServerProcess,
  person: DemoPerson,
): Promise<Record<string, string>> {
  const sent = await server.call('POST', '/api/auth/sms/send', {
    body: { ...person, captcha: TEST_KEY },
  });
  if (sent.status !== 200) throw new Error(`sms/send: ${sent.status} ${sent.text}`);
  const inbox = await server.call('GET', `/api/dev/inbox?to=${encodeURIComponent(person.phone)}`);
  const code = (inbox.body as { code?: string }[]).find((message) => message.code)?.code;
  if (!code) throw new Error(`no code in the dev inbox of ${person.phone}`);
  const verified = await server.call('POST', '/api/auth/sms/verify', {
    body: { ...person, code, keepLoggedIn: false },
  });
  if (verified.status !== 200) throw new Error(`sms/verify: ${verified.status} ${verified.text}`);
  const { accessToken } = verified.body as { accessToken: string };
  return { 'SA-REGID': accessToken, 'SA-DN': person.phone, 'SA-EMAIL': person.email };
}

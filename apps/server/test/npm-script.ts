import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOf, type BundledScript } from './built-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ScriptRun = { status: number | null; stdout: string; stderr: string };

type RunOptions = {
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
  umask?: string;
};

/**
 * `npm run <script> -- <args>` of the root package.json, as a person types it, in a process of
 * its own with only the environment given (plus PATH and HOME), run from `cwd`.
 */
export function runNpmScript(
  script: string,
  args: string[],
  options: RunOptions = {},
): Promise<ScriptRun> {
  return run(
    `npm run ${script}`,
    ['npm', '--prefix', ROOT, 'run', '--silent', script, '--', ...args],
    options,
  );
}

/**
 * What `npm run <script> -- <args>` runs, from the bundle of its source (built-server.ts) instead
 * of through npm and tsx: in the package's folder with the caller's in INIT_CWD, as npm runs a
 * script, and otherwise as runNpmScript.
 */
export function runBundledScript(
  script: BundledScript,
  args: string[],
  options: RunOptions = {},
): Promise<ScriptRun> {
  return run(`npm run ${script}`, [process.execPath, bundleOf(script), ...args], {
    ...options,
    cwd: ROOT,
    env: { INIT_CWD: options.cwd ?? ROOT, ...options.env },
  });
}

async function run(name: string, command: string[], options: RunOptions): Promise<ScriptRun> {
  const [file, ...rest] = options.umask
    ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$@"`, 'sh', ...command]
    : command;
  const child = spawn(file ?? 'npm', rest, {
    cwd: options.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? ROOT,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const status = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
    if (status === null) {
      throw new Error(`${name} did not end within ${timeoutMs / 1000} s:\n${stderr}`);
    }
    return { status, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HOLDER = 'apps/server/test/fixtures/hold-data-dir.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'smt-lock-'));
  dirs.push(dir);
  return dir;
};

/** Another process holding `dir`, once it says so. */
async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let said = '';
  for await (const chunk of child.stdout ?? []) {
    said += String(chunk);
    if (said.includes('locked')) return child;
  }
  throw new Error(`the holder ended without taking ${dir}`);
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('should refuse a second holder naming the directory and the process when one holds it', async () => {
    const dir = newDir();
    const holder = await holdInAnotherProcess(dir);
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`The data directory ${dir} is in use by process ${holder.pid}`);
    expect(message).toContain(hostname());
    expect(message).not.toContain('\n');
  });

  it('should take the directory over when its holder was killed', async () => {
    const dir = newDir();
    const holder = await holdInAnotherProcess(dir);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    expect(existsSync(path.join(dir, 'smt.lock'))).toBe(true);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'smt.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    release();
    expect(existsSync(path.join(dir, 'smt.lock'))).toBe(false);
  });

  it('should free the directory when its holder releases it', async () => {
    const dir = newDir();
    const holder = await holdInAnotherProcess(dir);
    holder.stdin?.write('go\n');
    await once(holder, 'exit');
    lockDataDir(dir)();
  });

  it('should refuse a second lock in the same process while the first is held', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('should take over a lock whose pid now belongs to another, later process', () => {
    const dir = newDir();
    // Our own pid, started at another time: a restarted container, where every start is pid 1.
    writeFileSync(
      path.join(dir, 'smt.lock'),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        processStart: '1',
        since: '2026-01-01T00:00:00.000Z',
        command: 'server.js',
      }),
    );
    lockDataDir(dir)();
  });

  it('should keep a lock written on another host', () => {
    const dir = newDir();
    writeFileSync(
      path.join(dir, 'smt.lock'),
      JSON.stringify({
        pid: 1,
        host: 'some-other-host',
        processStart: null,
        since: '2026-01-01T00:00:00.000Z',
        command: 'server.js',
      }),
    );
    expect(() => lockDataDir(dir)).toThrow(/process 1 on some-other-host/);
    // Nothing here can tell whether it is gone, so the message says how to clear it by hand.
    expect(() => lockDataDir(dir)).toThrow(
      `If that process is gone, delete ${path.join(dir, 'smt.lock')}.`,
    );
  });
});

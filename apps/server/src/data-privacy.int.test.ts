import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNpmScript } from '../test/npm-script';
import { signInOverHttp, startServerProcess, type ServerProcess } from '../test/server-process';
import { DEMO } from '../test/sign-in';

// Another account on the same machine reads nothing SMT writes (issue 33): the embedded
// database's files held the server secret and every session, readable by `nobody` under the
// usual umask 0022, and `npm run db:dump` wrote them into a world-readable file.

/** Every file and folder under `dir` (itself included) that group or others may use. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (entry: string) => {
    const info = await lstat(entry);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) {
      found.push(`${(info.mode & 0o777).toString(8)} ${path.relative(dir, entry) || '.'}`);
    }
    if (info.isDirectory()) {
      for (const name of await readdir(entry)) await visit(path.join(entry, name));
    }
  };
  await visit(dir);
  return found;
}

async function entriesUnder(dir: string): Promise<number> {
  let count = 0;
  const visit = async (entry: string) => {
    count += 1;
    if ((await lstat(entry)).isDirectory()) {
      for (const name of await readdir(entry)) await visit(path.join(entry, name));
    }
  };
  await visit(dir);
  return count;
}

describe('the files SMT writes', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) if (!server.exit()) await server.kill('SIGKILL');
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  it('should keep a fresh data directory and its dump to their owner under umask 0022', async () => {
    const parent = await tempDir('smt-private-');
    await chmod(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    const server = await startServerProcess({ DATA_DIR: dataDir }, { umask: '0022' });
    servers.push(server);
    // A session and a sign-in code written, as the files a stranger read them from.
    await signInOverHttp(server, DEMO.agent);
    // The embedded database writes as it runs: every file it has made so far is looked at.
    expect(await entriesUnder(path.join(dataDir, 'pglite'))).toBeGreaterThan(100);
    expect(await openToOthers(dataDir)).toEqual([]);
    await server.kill('SIGTERM');
    expect(server.exit()?.code, server.output()).toBe(0);
    expect(await openToOthers(dataDir)).toEqual([]);

    const file = path.join(parent, 'smt.sql');
    const dumped = await runNpmScript('db:dump', ['--out', file], {
      env: { DATA_DIR: dataDir },
      umask: '0022',
    });
    expect(dumped.status, dumped.stderr).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(dumped.stderr).toContain('holds secrets');
    // Replacing a dump that was open to others does not keep its old mode.
    await chmod(file, 0o644);
    const again = await runNpmScript('db:dump', ['--out', file, '--force'], {
      env: { DATA_DIR: dataDir },
      umask: '0022',
    });
    expect(again.status, again.stderr).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  }, 240_000);

  it('should close a data directory open to everyone before using it, and say so', async () => {
    const parent = await tempDir('smt-open-');
    const dataDir = path.join(parent, 'data');
    // As a careless copy left it: folders 0777, files 0666.
    const old = path.join(dataDir, 'old');
    await mkdir(old, { recursive: true });
    await writeFile(path.join(old, 'left-behind'), 'secret');
    await chmod(dataDir, 0o777);
    await chmod(old, 0o777);
    await chmod(path.join(old, 'left-behind'), 0o666);
    expect(await openToOthers(dataDir)).toHaveLength(3);

    const server = await startServerProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { umask: '0000' },
    );
    servers.push(server);
    expect(await openToOthers(dataDir)).toEqual([]);
    const said = server
      .output()
      .split('\n')
      .filter((line) => line.includes('was open to other accounts'))
      .map((line) => JSON.parse(line) as { level: number; tightened: number; msg: string });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40, tightened: 3 });
    expect(said[0]?.msg).toContain(dataDir);
    await server.kill('SIGTERM');
    expect(server.exit()?.code, server.output()).toBe(0);
  }, 240_000);
});

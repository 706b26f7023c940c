import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { openDatabase, type DbKind } from '@/db/client';
import { imageBlob } from './image-blob';
import { migratedPostgresTemplate, withAdmin } from './migrated-postgres-template';
import { privateFolder } from './private-folder';
import { createTestDatabase, type TestDatabase } from './test-database';

// A database built once a run and copied for each test file that needs it: a PGlite dump loaded
// into a new in-memory PGlite, or a PostgreSQL template copied by CREATE DATABASE ... TEMPLATE.
// The first worker process to need one builds it and the others wait for it, in a private
// folder named after the run's main process (Vitest's forks pool: every worker's parent), whose
// global setup removes it and drops the templates at the run's end (world-images.global-setup.ts).

export type WorldImage = { image: Blob } | { template: string };

/** The prefix of the templates the run whose main process is `pid` makes. */
export const worldTemplatePrefix = (pid: number) => `smt_test_world_${pid}_`;

/** Builds a database with `build` and keeps it as an image to copy. */
async function makeWorldImage(
  kind: DbKind,
  build: (database: TestDatabase) => Promise<void>,
): Promise<WorldImage> {
  if (kind === 'pglite') {
    const database = await createTestDatabase('pglite');
    try {
      await build(database);
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      return { image: await database.client.dumpDataDir('none') };
    } finally {
      await database.close();
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // The worker's parent is the run's main process (Vitest's forks pool).
  const name = `${worldTemplatePrefix(process.ppid)}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const migrated = await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database "${name}" template "${migrated}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    await build({ ...opened, url: url.toString() });
  } finally {
    await opened.close();
  }
  await withAdmin(adminUrl, (admin) =>
    admin.query(`alter database "${name}" is_template true allow_connections false`),
  );
  return { template: name };
}

/** Drops the templates of the run whose main process is `pid`. */
export async function dropWorldTemplates(adminUrl: string, pid: number): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${worldTemplatePrefix(pid)}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`alter database "${datname}" is_template false`);
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

/** The folder where the run whose main process is `pid` keeps its images. */
export const worldFolder = (pid: number) => path.join(tmpdir(), `smt-test-worlds-${pid}`);

const WAIT_MS = 250;
// A world takes some 30 s of a core to build; a builder that has not published by then died.
const BUILD_DEADLINE_MS = 300_000;

/** The image another process published, or null while there is none. */
async function published(folder: string, kind: DbKind): Promise<WorldImage | null> {
  try {
    if (kind === 'pglite') return { image: imageBlob(await readFile(path.join(folder, kind))) };
    return { template: await readFile(path.join(folder, kind), 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written aside and renamed: a process reading it never sees half of it. */
async function publish(folder: string, kind: DbKind, made: WorldImage): Promise<void> {
  const partial = path.join(folder, `${kind}.${process.pid}.partial`);
  const content =
    'image' in made ? Buffer.from(await made.image.arrayBuffer()) : Buffer.from(made.template);
  await writeFile(partial, content, { mode: 0o600 });
  await rename(partial, path.join(folder, kind));
}

/** Whether this process is the one to build `kind`'s image (it made the lock file). */
async function claim(lock: string): Promise<boolean> {
  try {
    await (await open(lock, 'wx', 0o600)).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The run's image of the database `build` makes: built here by the first process to ask,
 * waited for by the others, which meanwhile call `whileWaiting` (to build another kind's).
 */
export async function sharedWorldImage(
  kind: DbKind,
  build: (database: TestDatabase) => Promise<void>,
  whileWaiting: () => void = () => undefined,
): Promise<WorldImage> {
  const folder = await privateFolder(worldFolder(process.ppid));
  const lock = path.join(folder, `${kind}.lock`);
  const deadline = Date.now() + BUILD_DEADLINE_MS;
  for (;;) {
    const ready = await published(folder, kind);
    if (ready) return ready;
    if (await claim(lock)) {
      try {
        const made = await makeWorldImage(kind, build);
        await publish(folder, kind, made);
        return made;
      } catch (error) {
        // Another process may try in its turn.
        await rm(lock, { force: true });
        throw error;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no ${kind} world was published within ${BUILD_DEADLINE_MS / 1000} s`);
    }
    whileWaiting();
    await delay(WAIT_MS);
  }
}

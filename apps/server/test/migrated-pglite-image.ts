import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { imageBlob } from './image-blob';
import { hashMigrations } from './migrations-key';
import { privateFolder } from './private-folder';

// A new PGlite runs initdb and then every migration: about 2 to 4 s on two cores, paid by
// every test database. A dump of one freshly migrated loads in about 0.4 s, so the first test
// process to need it makes it once per set of migrations and every test database starts from it.
// It is kept from run to run in a folder of the user's alone (private-folder.ts): a file of the
// same name another account had put in a shared folder would be loaded as our schema.

/** Names the image by what it holds: the migrations' files and PGlite's version. */
async function imageKey(): Promise<string> {
  const hash = createHash('sha256');
  await hashMigrations(hash);
  // PGlite's build: its entry's folder holds the version's files.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

async function makeImage(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(database);
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    const image = await database.client.dumpDataDir('none');
    // Written aside and renamed: a test process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
    await rename(partial, file);
  } finally {
    await database.close();
  }
}

/** Where the images are kept from run to run: the user's own folder under the temporary one. */
export const pgliteImageFolder = () => path.join(tmpdir(), `smt-test-pglite-${process.getuid?.()}`);

let image: Promise<Blob> | undefined;

/** A migrated, empty PGlite data directory, as a dump PGlite loads. */
export function migratedPgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const folder = await privateFolder(pgliteImageFolder());
    const file = path.join(folder, `${await imageKey()}.tar`);
    if (!existsSync(file)) await makeImage(file);
    return imageBlob(await readFile(file));
  })();
  return image;
}

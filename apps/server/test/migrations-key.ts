import { createHash, type Hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '@/paths';

/** Adds the migrations' files, names and contents, to a hash. */
export async function hashMigrations(hash: Hash): Promise<void> {
  const files = await readdir(MIGRATIONS_DIR, { recursive: true, withFileTypes: true });
  const names = files
    .filter((file) => file.isFile())
    .map((file) => path.join(file.parentPath, file.name))
    .sort();
  for (const name of names) {
    hash.update(path.relative(MIGRATIONS_DIR, name));
    hash.update(await readFile(name));
  }
}

/** Names a migrated database by the migrations' files: a new migration names a new one. */
export async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  await hashMigrations(hash);
  return hash.digest('hex').slice(0, 16);
}

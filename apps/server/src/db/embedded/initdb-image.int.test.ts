import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { initdbImageFile, initdbImageFor } from './initdb-image';

// The integration run's global setup builds the server (scripts/build.mjs), which makes the
// image beside the bundle: the name it writes is the one the server looks for.
describe('a new embedded data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const newDataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smt-initdb-image-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };

  it("should start from the build's initdb image, and be migrated as any database is", async () => {
    expect(existsSync(initdbImageFile()), initdbImageFile()).toBe(true);
    const dataDir = await newDataDir();
    expect(initdbImageFor(dataDir)).toBeInstanceOf(Blob);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await runMigrations(database);
      const [tables] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from information_schema.tables where table_name in ('users', 'notifications')`,
      );
      expect(tables?.count).toBe(2);
    } finally {
      await database.close();
    }
    // Every file of it is its owner's alone, as PGlite's own initdb leaves them.
    const entries = await readdir(dataDir, { recursive: true });
    expect(entries.length).toBeGreaterThan(100);
    const shared = [];
    for (const entry of entries) {
      if (((await stat(path.join(dataDir, entry))).mode & 0o077) !== 0) shared.push(entry);
    }
    expect(shared).toEqual([]);
  });

  it('should be made by PGlite itself when there is no image it can read', async () => {
    const dataDir = await newDataDir();
    expect(initdbImageFor(dataDir, path.join(path.dirname(dataDir), 'no-such-image.tar.gz'))).toBe(
      undefined,
    );
  });

  it('should be opened as it is once it holds a database, never overwritten by the image', async () => {
    const dataDir = await newDataDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.exec('create table kept (id int); insert into kept values (7)');
    await first.close();

    expect(initdbImageFor(dataDir)).toBeUndefined();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await queryRows<{ id: number }>(again.db, sql`select id from kept`);
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });
});

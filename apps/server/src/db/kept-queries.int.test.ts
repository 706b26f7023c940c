import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';
import { KEPT_PER_DATABASE, keptRows, runKeptSelect } from './kept-queries';
import { agencies } from './schema';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('kept queries on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.exec(`insert into agencies (name) values ('Kept one'), ('Kept two')`);
  });
  afterAll(() => database.close());

  const agencyNamed = (name: string) =>
    database.db
      .select({ id: agencies.id, name: agencies.name })
      .from(agencies)
      .where(eq(agencies.name, name));

  it('should build a request once and answer it from the database each time', async () => {
    const build = vi.fn(() => agencyNamed('Kept three'));
    expect(await runKeptSelect(database.db, 'three', build)).toEqual([]);
    await database.exec(`insert into agencies (name) values ('Kept three')`);
    expect(await runKeptSelect(database.db, 'three', build)).toEqual([
      { id: expect.any(Number), name: 'Kept three' },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('should keep raw SQL apart by its key, with the values it was built with', async () => {
    const rows = (name: string) =>
      keptRows<{ name: string }>(
        database.db,
        `raw:${name}`,
        () => sql`select name from agencies where name = ${name}`,
      );
    expect(await rows('Kept one')).toEqual([{ name: 'Kept one' }]);
    expect(await rows('Kept two')).toEqual([{ name: 'Kept two' }]);
    expect(await rows('Kept one')).toEqual([{ name: 'Kept one' }]);
  });

  it('should build again a request the most recent others pushed out', async () => {
    const build = vi.fn(() => agencyNamed('Kept one'));
    await runKeptSelect(database.db, 'pushed', build);
    for (let index = 0; index < KEPT_PER_DATABASE; index += 1) {
      await keptRows(database.db, `filler:${index}`, () => sql`select ${index} as n`);
    }
    await runKeptSelect(database.db, 'pushed', build);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('should keep a request used recently while older ones are pushed out', async () => {
    const build = vi.fn(() => agencyNamed('Kept two'));
    await runKeptSelect(database.db, 'recent', build);
    for (let index = 0; index < KEPT_PER_DATABASE; index += 1) {
      if (index % 100 === 0) await runKeptSelect(database.db, 'recent', build);
      await keptRows(database.db, `filler2:${index}`, () => sql`select ${index} as n`);
    }
    await runKeptSelect(database.db, 'recent', build);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

// Each connection holds its own prepared statements: one connection shows what it prepared.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('prepared statements on postgres', () => {
  let database: TestDatabase;
  const opened: Database[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(opened.map((one) => one.close()));
    await database.close();
  });

  const oneConnection = async (reusePlans?: boolean) => {
    const one = await openDatabase({
      kind: 'postgres',
      url: database.url ?? '',
      poolSize: 1,
      reusePlans,
    });
    opened.push(one);
    return one;
  };
  const prepared = (one: Database) =>
    queryRows<{ name: string; statement: string; runs: number }>(
      one.db,
      sql`select name, statement, (generic_plans + custom_plans)::int as runs
          from pg_prepared_statements where name like 'smt_%'`,
    );
  const agencyCount = (one: Database, minimum: number) =>
    keptRows<{ count: number }>(
      one.db,
      `count:${minimum}`,
      () => sql`select count(*)::int as count from agencies where id >= ${minimum}`,
    );

  it('should prepare a text once per connection and run every request of it there', async () => {
    const one = await oneConnection();
    await agencyCount(one, 1);
    await agencyCount(one, 1);
    await agencyCount(one, 2);
    const statements = await prepared(one);
    expect(statements).toEqual([
      {
        name: expect.stringMatching(/^smt_[0-9a-f]{24}$/),
        statement: 'select count(*)::int as count from agencies where id >= $1',
        runs: 3,
      },
    ]);
  });

  it('should name no statement where plans may not be reused', async () => {
    const one = await oneConnection(false);
    await agencyCount(one, 1);
    await agencyCount(one, 1);
    expect(await prepared(one)).toEqual([]);
  });
});

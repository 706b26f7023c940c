import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '@/db/client';
import { agencies } from '@/db/schema';
import { borrowMigratedPglite } from './pglite-pool';

// The test databases lent again (pglite-pool.ts): what a test leaves behind never reaches the
// next test that borrows one.

const opened: Database[] = [];
async function borrow(): Promise<Database> {
  const database = await borrowMigratedPglite();
  opened.push(database);
  return database;
}

const agencyIds = async (database: Database) =>
  (await database.db.select({ id: agencies.id }).from(agencies)).map((row) => row.id);

describe('the test databases lent again', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const database of opened.splice(0)) await database.close();
  });

  it('should lend a database given back, emptied, with its ids starting again at 1', async () => {
    const first = await borrow();
    await first.db.insert(agencies).values([{ name: 'One' }, { name: 'Two' }]);
    await first.close();
    const create = vi.spyOn(PGlite, 'create');

    const second = await borrow();

    expect(create).not.toHaveBeenCalled();
    expect(await agencyIds(second)).toEqual([]);
    const [made] = await second.db.insert(agencies).values({ name: 'Three' }).returning();
    expect(made?.id).toBe(1);
  });

  it('should refuse every call on a database once it is given back', async () => {
    const first = await borrow();
    await first.close();
    await borrow();

    await expect(agencyIds(first)).rejects.toThrow();
    expect(first.kind === 'pglite' && first.client.closed).toBe(true);
  });

  it('should not lend again a database whose schema a test changed', async () => {
    const first = await borrow();
    await first.exec('create table left_behind (id int)');
    await first.close();

    const second = await borrow();

    const [found] = await queryRows<{ table: string | null }>(
      second.db,
      sql`select to_regclass('left_behind')::text as table`,
    );
    expect(found?.table).toBeNull();
  });

  it("should lend a database without the last test's session settings or listeners", async () => {
    const first = await borrow();
    if (first.kind !== 'pglite') throw new Error('expected PGlite');
    await first.exec("set time zone 'Asia/Tokyo'");
    const heard = vi.fn();
    await first.client.listen('left_open', heard);
    await first.close();

    const second = await borrow();

    if (second.kind !== 'pglite') throw new Error('expected PGlite');
    const [zone] = await queryRows<{ TimeZone: string }>(second.db, sql`show time zone`);
    expect(zone?.TimeZone).not.toBe('Asia/Tokyo');
    const heardNow = vi.fn();
    await second.client.listen('left_open', heardNow);
    await second.exec("notify left_open, 'hello'");
    await vi.waitFor(() => expect(heardNow).toHaveBeenCalledWith('hello'));
    expect(heard).not.toHaveBeenCalled();
  });
});

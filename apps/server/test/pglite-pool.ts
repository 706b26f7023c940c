import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '@/db/client';
import { migratedPgliteImage } from './migrated-pglite-image';

// A new in-memory PGlite loads the migrated image: some 1.6 s of a core on two (42 MB unpacked
// file by file), paid by some ninety test databases a run. A database a test gives back is
// emptied instead, as a freshly migrated one is empty, and lent to the worker's next test. Only
// what emptying restores is lent again: one whose schema, roles or settings a test changed, or
// that is closed or mid-transaction, is closed instead.

/** Databases kept idle per worker; a file rarely holds more than two at once. */
const KEPT_IDLE = 3;
const idle: PGlite[] = [];

// What a table, column, function, trigger, constraint, type, role or setting a test adds or
// changes alters: compared with a freshly migrated database's before one is lent again. Rows
// and storage (a TRUNCATE gives a table new files) are not in it.
const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select concat_ws('|', 'c', oid, relname, relkind, relnamespace, relacl) from pg_class
    union all select concat_ws('|', 'a', attrelid, attname, atttypid, attnum, attnotnull,
      attisdropped, atthasdef) from pg_attribute where attrelid >= 16384
    union all select concat_ws('|', 'd', oid, adrelid, adnum) from pg_attrdef
    union all select concat_ws('|', 'p', oid, proname, md5(prosrc)) from pg_proc
      where oid >= 16384
    union all select concat_ws('|', 't', oid, tgname, tgenabled) from pg_trigger
    union all select concat_ws('|', 'k', oid, conname, convalidated) from pg_constraint
    union all select concat_ws('|', 'y', oid, typname) from pg_type where oid >= 16384
    union all select concat_ws('|', 'e', oid, enumlabel) from pg_enum
    union all select concat_ws('|', 'r', oid, rolname, rolsuper) from pg_authid
    union all select concat_ws('|', 's', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all select concat_ws('|', 'x', oid, extname) from pg_extension
    union all select concat_ws('|', 'w', oid, ev_class) from pg_rewrite where oid >= 16384
    union all select concat_ws('|', 'q', seqrelid, seqstart, seqincrement, seqmin, seqmax)
      from pg_sequence
    union all select concat_ws('|', 'm', id, hash) from drizzle.__drizzle_migrations
  ) items(item)`;

/** A channel listened to and its callback. */
type Listener = [string, (payload: string) => void];

type Pristine = { fingerprint: string; empty: string };

let pristine: Promise<Pristine> | undefined;

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

/**
 * A freshly migrated database's fingerprint and what empties one like it: every table
 * truncated with its identities restarted, and every sequence no column owns restarted. Only
 * drizzle's record of the migrations is kept: no migration inserts a row into an empty database.
 */
async function readPristine(client: PGlite): Promise<Pristine> {
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const loose = await client.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.sequencename) as name from pg_sequences s
      where s.schemaname not in ('pg_catalog', 'information_schema', 'drizzle')
        and not exists (select 1 from pg_depend d
          where d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass
            and d.deptype in ('a', 'i'))`,
  );
  const statements = [
    `truncate table ${tables.rows.map((row) => row.name).join(', ')} restart identity cascade`,
    ...loose.rows.map((row) => `alter sequence ${row.name} restart`),
  ];
  return { fingerprint: await fingerprintOf(client), empty: statements.join(';\n') };
}

/** Empties `client` for the next test, or closes it when emptying would not make it fresh. */
async function giveBack(client: PGlite, listeners: readonly Listener[]): Promise<void> {
  if (client.closed) return;
  try {
    // One by one: PGlite's unlisten of a whole channel leaves its callbacks in place.
    for (const [channel, callback] of listeners) await client.unlisten(channel, callback);
    // Session settings, advisory locks, temporary tables, prepared statements, LISTENs; it
    // fails inside a transaction a test left open.
    await client.exec('discard all');
    const { fingerprint, empty } = await pristineOf(client);
    if (idle.length >= KEPT_IDLE || (await fingerprintOf(client)) !== fingerprint) {
      await client.close();
      return;
    }
    await client.exec(empty);
    idle.push(client);
  } catch {
    if (!client.closed) await client.close().catch(() => undefined);
  }
}

/**
 * `client` as one test sees it: given back, it refuses every call as a closed PGlite does, so
 * a timer of that test's app still running cannot reach the next test's rows; what it listened
 * to is noted, to be left when it is given back.
 */
function lend(client: PGlite, listeners: Listener[], isReturned: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return isReturned() || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (isReturned()) throw new Error('PGlite is closed');
        const [channel, callback] = args;
        if (
          property === 'listen' &&
          typeof channel === 'string' &&
          typeof callback === 'function'
        ) {
          listeners.push([channel, callback as Listener[1]]);
        }
        return (value as (...given: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** What the first database this worker made read of itself, fresh (`client` if none yet). */
const pristineOf = (client: PGlite) => (pristine ??= readPristine(client));

async function madeFresh(): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: await migratedPgliteImage() });
  await pristineOf(client);
  return client;
}

/**
 * Empties a database this pool lent, as giving it back does, for a test that keeps one for
 * several tests (service-database.ts).
 */
export async function emptyLent(database: Database): Promise<void> {
  if (database.kind !== 'pglite') throw new Error('expected a PGlite this pool lent');
  await database.exec((await pristineOf(database.client)).empty);
}

/** An empty, migrated in-memory database, lent until closed. */
export async function borrowMigratedPglite(): Promise<Database> {
  const owned = idle.pop() ?? (await madeFresh());
  const listeners: Listener[] = [];
  let returned = false;
  const database = pgliteDatabase(
    lend(owned, listeners, () => returned),
    null,
  );
  return {
    ...database,
    close: async () => {
      if (returned) return;
      returned = true;
      await giveBack(owned, listeners);
    },
  };
}

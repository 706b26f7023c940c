import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './db-types';

// The hot lists' and counters' queries, built once per distinct request and kept (decision 048).
// Drizzle builds SQL by walking its tree on every call, a seventh of a list call's time on the
// server's one thread (bench/RESULTS.md, issue 23); the same request again (a page refreshed on
// a live event, the badge of every open tab) takes the kept build and sends it at once. On
// PostgreSQL each distinct text is also a named prepared statement: a connection parses it once
// and PostgreSQL plans it as it judges best (custom plans first, a generic one when it costs no
// more), instead of parsing and planning every call.

/** Something run as it was built: a drizzle prepared query, or raw SQL's rows. */
type Runnable<R> = { execute(): Promise<R> };

/** The builds kept per database, the least recently used dropped first. */
export const KEPT_PER_DATABASE = 500;
/**
 * Texts named as prepared statements in this process. Each connection holds the ones it has run
 * until it closes, so their number is bounded; a text past the bound runs unnamed.
 */
export const MAX_STATEMENT_NAMES = 200;

const plansReused = new WeakSet<Db>();
const keptBy = new WeakMap<Db, Map<string, Runnable<unknown>>>();
const statementNames = new Map<string, string>();
const dialect = new PgDialect();

/**
 * Lets queries on `db` run as named prepared statements: real PostgreSQL reached directly. Not
 * the embedded PGlite over its socket, whose one backend every connection shares (a second
 * connection preparing a name the first prepared would be refused), nor a pooler in transaction
 * mode; PGlite in the process ignores names.
 */
export function reusePlansOn(db: Db): void {
  plansReused.add(db);
}

/** The statement name of a text on `db`; '' runs it unnamed. The text is made only if needed. */
function statementNameOf(db: Db, textOf: () => string): string {
  if (!plansReused.has(db)) return '';
  const text = textOf();
  const known = statementNames.get(text);
  if (known !== undefined) return known;
  if (statementNames.size >= MAX_STATEMENT_NAMES) return '';
  const name = `smt_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

function kept<R>(db: Db, key: string, build: () => Runnable<R>): Runnable<R> {
  let builds = keptBy.get(db);
  if (!builds) {
    builds = new Map();
    keptBy.set(db, builds);
  }
  const found = builds.get(key) as Runnable<R> | undefined;
  if (found) {
    // Most recently used last: the first key is the one to drop.
    builds.delete(key);
    builds.set(key, found);
    return found;
  }
  const made = build();
  builds.set(key, made);
  if (builds.size > KEPT_PER_DATABASE) {
    const oldest = builds.keys().next().value;
    if (oldest !== undefined) builds.delete(oldest);
  }
  return made;
}

/** What a drizzle select builder offers to be prepared. */
type Preparable<R> = { toSQL(): { sql: string }; prepare(name: string): Runnable<R> };

/**
 * Runs a drizzle select kept under `key`, which must name every input of `build` (values
 * included: the build keeps them as its parameters).
 */
export function runKeptSelect<R>(db: Db, key: string, build: () => Preparable<R>): Promise<R> {
  return kept(db, key, () => {
    const select = build();
    return select.prepare(statementNameOf(db, () => select.toSQL().sql));
  }).execute();
}

/** The rows of raw SQL kept under `key`, which must name every input of `build`. */
export function keptRows<T>(db: Db, key: string, build: () => SQL): Promise<T[]> {
  return kept(db, key, () => {
    const query = dialect.sqlToQuery(build());
    const name = statementNameOf(db, () => query.sql) || undefined;
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      // Both drivers answer raw SQL with `rows`.
      execute: async () => ((await prepared.execute()) as { rows: T[] }).rows,
    };
  }).execute();
}

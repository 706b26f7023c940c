import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types on their own, so that what the client uses (kept-queries.ts) can name
// them without importing the client back (issue 40).

export type Schema = typeof schema;
/** Both drivers give this: repositories take it, and a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

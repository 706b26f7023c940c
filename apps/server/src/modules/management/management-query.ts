import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';

// Pieces every management list and check shares.

/** LIKE treats % and _ as wildcards; a name may hold an underscore. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Case-insensitive 'contains' over one or more columns; no text means no condition. */
export function containsText(text: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${likeText(text)}%`;
  const matches = columns.map((column) => sql`${column} ilike ${pattern} escape '\\'`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/**
 * Whether the caller runs a whole agency: super users run all of them, agency managers their
 * own. Reading is wider (`inScope`); making branches or agency-wide users needs this.
 */
export function managesAgency(scope: Scope, agencyId: number): boolean {
  return scope.kind === 'superUser' || (scope.kind === 'agency' && scope.agencyId === agencyId);
}

export type Page = { offset: number; limit: number };

/**
 * A kind's list page and CSV rows from its repository's search, once the caller may search
 * there (`check`: an agency or branch named in the filter is theirs).
 */
export function searchOf<Caller extends { scope: Scope }, Filter, Row>(
  db: Db,
  check: (caller: Caller, filter: NoInfer<Filter>) => Promise<void>,
  select: (db: Db, scope: Scope, filter: Filter, page?: Page) => Promise<Row[]>,
  count: (db: Db, scope: Scope, filter: Filter) => Promise<number>,
) {
  return {
    // The page's offset and limit ride along in the filter, which reads only its own fields.
    page: async (caller: Caller, query: Filter & Page) => {
      await check(caller, query);
      const { offset, limit } = query;
      const [items, total] = await Promise.all([
        select(db, caller.scope, query, { offset, limit }),
        count(db, caller.scope, query),
      ]);
      return { items, total };
    },
    rows: async (caller: Caller, filter: Filter) => {
      await check(caller, filter);
      return select(db, caller.scope, filter);
    },
  };
}

import { sql, type Column, type SQL } from 'drizzle-orm';
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

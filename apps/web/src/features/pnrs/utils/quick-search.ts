import { PnrFilter } from '@smt/shared';

// Typing in the search box and pressing Enter searches bookings by PNR number, passenger name
// and flight at once; the server decides which of them a term can be (docs/decisions/034).

export type QuickSearchResult =
  { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'search'; filter: PnrFilter };

/**
 * The filter a term searches: the applied one with the term as its search. A new term
 * replaces the last one rather than narrowing it; the panel's fields stay as they were.
 */
export function quickSearch(term: string, applied: PnrFilter): QuickSearchResult {
  if (term.trim() === '') return { kind: 'empty' };
  const parsed = PnrFilter.shape.search.safeParse(term);
  if (!parsed.success || parsed.data === undefined) {
    return { kind: 'invalid', message: parsed.error?.issues[0]?.message ?? '' };
  }
  return { kind: 'search', filter: { ...applied, search: parsed.data } };
}

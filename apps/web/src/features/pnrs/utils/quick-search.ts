import { PnrFilter } from '@smt/shared';

// Typing in the search box and pressing Enter searches the one field the term looks like.

export type QuickSearchField = 'flightNumber' | 'pnrNumber' | 'customerName';

const QUICK_FIELDS: readonly QuickSearchField[] = ['flightNumber', 'pnrNumber', 'customerName'];

/** 1–4 digits a flight number; 6–10 letters and digits with a digit a PNR; else a name. */
export function quickSearchFieldOf(term: string): QuickSearchField {
  const trimmed = term.trim();
  if (/^\d{1,4}$/.test(trimmed)) return 'flightNumber';
  if (/^[A-Za-z0-9]{6,10}$/.test(trimmed) && /\d/.test(trimmed)) return 'pnrNumber';
  return 'customerName';
}

export type QuickSearchResult =
  { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'search'; filter: PnrFilter };

/**
 * The filter a term searches: the applied one with the term in its field. The other quick
 * fields are cleared, since a new term replaces the last one rather than narrowing it.
 */
export function quickSearch(term: string, applied: PnrFilter): QuickSearchResult {
  if (term.trim() === '') return { kind: 'empty' };
  const field = quickSearchFieldOf(term);
  const parsed = PnrFilter.shape[field].safeParse(term);
  if (!parsed.success) {
    return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? '' };
  }
  const filter: PnrFilter = { ...applied };
  for (const each of QUICK_FIELDS) delete filter[each];
  return { kind: 'search', filter: { ...filter, [field]: parsed.data } };
}

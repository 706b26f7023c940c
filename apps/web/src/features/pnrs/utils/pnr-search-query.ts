import {
  PNR_DATE_FIELDS,
  PNR_FILTER_FIELDS,
  PNR_LIST_PAGE_SIZE,
  PnrFilter,
  PnrSearch,
  PnrSort,
  type DateRange,
  type PnrDateField,
} from '@smt/shared';
import type { z } from 'zod';

// A My PNRs search lives in the query string under SPEC §2.7's names, so a reload, Back or a
// bookmark reopens it: isTicketed=Yes|No, text filters as typed, date ranges as
// `2026-06-01..2026-06-30`, column, direction, searchId, and `page` (1-based, left out for 1).

export type PnrSearchState = { search: PnrSearch; page: number };

const RANGE_SEPARATOR = '..';
// The server takes offsets up to a million (PnrListRequest); a page beyond that is page 1.
const MAX_PAGE = Math.floor(1_000_000 / PNR_LIST_PAGE_SIZE) + 1;

const isDateField = (field: string): field is PnrDateField =>
  (PNR_DATE_FIELDS as readonly string[]).includes(field);

function rangeOfParam(value: string): DateRange | string {
  const ends = value.split(RANGE_SEPARATOR);
  if (ends.length !== 2) return value;
  const [from = '', to = ''] = ends;
  return { from, to };
}

/** Parses `raw` with `schema`, leaving out the fields it refuses rather than failing. */
function parseLeniently<T extends z.ZodType>(schema: T, raw: Record<string, unknown>): z.output<T> {
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data;
  const refused = new Set(whole.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([field]) => !refused.has(field)));
  const rest = schema.safeParse(kept);
  return rest.success ? rest.data : schema.parse({});
}

function pageOfParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Leaves out what is not there, so equal searches make equal query keys. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, each]) => each !== undefined && each !== null),
  ) as T;
}

/** The search and page a query string stands for; values a hand edit broke are dropped. */
export function readPnrSearch(params: URLSearchParams): PnrSearchState {
  const rawFilter: Record<string, unknown> = {};
  for (const field of PNR_FILTER_FIELDS) {
    const value = params.get(field);
    if (value === null) continue;
    rawFilter[field] = isDateField(field) ? rangeOfParam(value) : value;
  }
  const filter = parseLeniently(PnrFilter, rawFilter);
  const sort = parseLeniently(PnrSort, {
    column: params.get('column') ?? undefined,
    direction: params.get('direction') ?? undefined,
  });
  // A column without a direction, or the reverse, sorts nothing.
  const sorted = sort.column && sort.direction ? sort : {};
  const searchId = PnrSearch.shape.searchId.safeParse(params.get('searchId') ?? undefined);
  return {
    search: withoutEmpty({ ...filter, ...sorted, searchId: searchId.data }),
    page: pageOfParam(params.get('page')),
  };
}

function filterParam(field: keyof PnrFilter, filter: PnrFilter): string | undefined {
  if (field === 'isTicketed') {
    return filter.isTicketed === undefined ? undefined : filter.isTicketed ? 'Yes' : 'No';
  }
  if (isDateField(field)) {
    const range = filter[field];
    return range && `${range.from}${RANGE_SEPARATOR}${range.to}`;
  }
  return filter[field];
}

/** The query string of a search and page; empty values and page 1 are left out. */
export function pnrSearchParams({ search, page }: PnrSearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of PNR_FILTER_FIELDS) {
    const value = filterParam(field, search);
    if (value !== undefined && value !== '') params.set(field, value);
  }
  if (search.column && search.direction) {
    params.set('column', search.column);
    params.set('direction', search.direction);
  }
  if (search.searchId) params.set('searchId', search.searchId);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The filter part of a search, without its sort and id. */
export function filterOfSearch(search: PnrSearch): PnrFilter {
  const filter: PnrSearch = { ...search };
  delete filter.column;
  delete filter.direction;
  delete filter.searchId;
  return filter;
}

/** A short id for a new search (SPEC §3 'A searchId is added on each search'). */
export function newSearchId(): string {
  return Math.random().toString(36).slice(2, 10);
}

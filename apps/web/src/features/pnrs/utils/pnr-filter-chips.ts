import { activePnrFilters, type PnrFilter } from '@smt/shared';
import { formatFlightTime } from '@/lib/format';
import { PNR_FILTER_LABEL, pnrTexts } from './pnr-texts';

export type PnrFilterChip = { field: keyof PnrFilter; label: string };

function valueText(field: keyof PnrFilter, filter: PnrFilter): string {
  switch (field) {
    case 'isTicketed':
      return filter.isTicketed ? pnrTexts.yes : pnrTexts.no;
    case 'creationDate':
    case 'ticketingDate':
    case 'departureDate': {
      const range = filter[field];
      // Days are calendar days, not instants: rearranged as text, never through a time zone.
      return range ? `${formatFlightTime(range.from)} – ${formatFlightTime(range.to)}` : '';
    }
    case 'airline':
    case 'dkNumber':
    case 'customerName':
    case 'destinationFrom':
    case 'destinationTo':
    case 'pnrNumber':
    case 'flightNumber':
    case 'search':
      return filter[field] ?? '';
  }
}

/** One chip per applied value: 'Airline: LY', 'Creation date: 01/06/2026 – 30/06/2026'. */
export function pnrFilterChips(filter: PnrFilter): PnrFilterChip[] {
  return activePnrFilters(filter).map((field) => ({
    field,
    label: `${PNR_FILTER_LABEL[field]}: ${valueText(field, filter)}`,
  }));
}

/** The filter without one of its values. */
export function withoutFilter(filter: PnrFilter, field: keyof PnrFilter): PnrFilter {
  const rest = { ...filter };
  delete rest[field];
  return rest;
}

const isFilterField = (field: string): field is keyof PnrFilter =>
  Object.hasOwn(PNR_FILTER_LABEL, field);

/** 'Creation date to' for the server's `creationDate.to`; a field's label for a field. */
export function filterPathLabel(path: string): string {
  const [field = '', end] = path.split('.');
  const label = isFilterField(field) ? PNR_FILTER_LABEL[field] : path;
  if (end === 'from') return pnrTexts.rangeFrom(label);
  if (end === 'to') return pnrTexts.rangeTo(label);
  return label;
}

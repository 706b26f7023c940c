import {
  PNR_DATE_FIELDS,
  type PnrDateField,
  type PnrFilter,
  type TicketedChoice,
} from '@smt/shared';

// The filter panel edits text as typed; the shared schema turns it into a filter on Apply.

export type DayRangeInput = { from: string; to: string };

export type PnrFilterFormValues = {
  pnrNumber: string;
  customerName: string;
  dkNumber: string;
  flightNumber: string;
  airline: string;
  destinationFrom: string;
  destinationTo: string;
  isTicketed: TicketedChoice;
} & Record<PnrDateField, DayRangeInput>;

export type PnrTextField = Exclude<keyof PnrFilterFormValues, PnrDateField | 'isTicketed'>;

export const PNR_TEXT_FIELDS: readonly PnrTextField[] = [
  'pnrNumber',
  'customerName',
  'dkNumber',
  'flightNumber',
  'airline',
  'destinationFrom',
  'destinationTo',
];

const EMPTY_RANGE: DayRangeInput = { from: '', to: '' };

export const EMPTY_FILTER_FORM: PnrFilterFormValues = {
  pnrNumber: '',
  customerName: '',
  dkNumber: '',
  flightNumber: '',
  airline: '',
  destinationFrom: '',
  destinationTo: '',
  isTicketed: 'All',
  creationDate: EMPTY_RANGE,
  ticketingDate: EMPTY_RANGE,
  departureDate: EMPTY_RANGE,
};

function ticketedChoiceOf(isTicketed: boolean | undefined): TicketedChoice {
  if (isTicketed === undefined) return 'All';
  return isTicketed ? 'Yes' : 'No';
}

/** The form showing an applied filter. */
export function filterFormOf(filter: PnrFilter): PnrFilterFormValues {
  const values: PnrFilterFormValues = {
    ...EMPTY_FILTER_FORM,
    isTicketed: ticketedChoiceOf(filter.isTicketed),
  };
  for (const field of PNR_TEXT_FIELDS) values[field] = filter[field] ?? '';
  for (const field of PNR_DATE_FIELDS) values[field] = filter[field] ?? EMPTY_RANGE;
  return values;
}

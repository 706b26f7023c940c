import type { PnrFilter, PnrSortColumn } from '@smt/shared';

// Labels of the My PNRs screen. Product texts of SPEC §5 and §8 come from @smt/shared.

export const pnrTexts = {
  searchLabel: 'Search by PNR / name / flight',
  filters: 'Filters',
  filtersApplied: (count: number) => `Filters (${count} applied)`,
  filtersTitle: 'My PNRs Filters',
  apply: 'Apply',
  cancel: 'Cancel',
  cancelChanges: 'Cancel changes',
  clearFilters: 'Clear filters',
  reset: 'Reset',
  appliedFilters: 'Applied filters',
  rangeFrom: (range: string) => `${range} from`,
  rangeTo: (range: string) => `${range} to`,
  yes: 'Yes',
  no: 'No',
  all: 'All',
  pnr: 'PNR',
  flight: 'Flight',
  list: 'PNRs',
  pagerRows: (from: number, to: number, count: number, capped: boolean) =>
    capped ? `${from}–${to} of more than ${count}` : `${from}–${to} of ${count}`,
  sortBy: 'Sort by',
  sortNone: 'None',
  sortDirection: (state: 'asc' | 'desc' | 'off') =>
    state === 'asc'
      ? 'Sort direction: ascending'
      : state === 'desc'
        ? 'Sort direction: descending'
        : 'Sort direction: off',
  expand: (pnr: string) => `Expand PNR ${pnr}`,
  details: (pnr: string) => `Details of PNR ${pnr}`,
  detailsColumn: 'Details',
  updating: (pnr: string) => `Updating PNR ${pnr} from the GDS`,
  updatingFromGds: 'Updating from the GDS',
  cancelled: 'Cancelled',
  sendToTicketing: 'Send to ticketing',
  ticketingInProgress: 'Ticketing is in progress...',
  contact: 'Contact',
  contactName: 'Name',
  contactPhone: 'Phone',
  contactEmail: 'E-mail',
  notifications: 'Notifications',
  groupStat: (label: string, total: number, unread: number) =>
    unread > 0 ? `${label}: ${total}, ${unread} unread` : `${label}: ${total}`,
  retry: 'Try again',
  loading: 'Loading PNRs',
  loadingDetails: 'Loading PNR details',
  loadingNotifications: 'Loading notifications',
  badSearch: 'This search cannot be run:',
  none: '—',
} as const;

/** The filter's fields as the panel labels them and the chips name them. */
export const PNR_FILTER_LABEL: Record<keyof PnrFilter, string> = {
  pnrNumber: 'PNR number',
  customerName: 'Customer name',
  dkNumber: 'Customer number',
  flightNumber: 'Flight number',
  airline: 'Airline',
  destinationFrom: 'From',
  destinationTo: 'To',
  isTicketed: 'Ticketed',
  creationDate: 'Creation date',
  ticketingDate: 'Ticketing date',
  departureDate: 'Departure date',
  search: 'Search',
};

/** The sortable columns as their headers read (SPEC §2.7). */
export const PNR_SORT_LABEL: Record<PnrSortColumn, string> = {
  pnrCreationDate: 'Creation date',
  status: 'Status',
  passengersCount: '#Passengers',
  passengerName: 'Main passenger',
  flightDate: 'Departure time',
  notifications: 'Notifications',
};

import { ROUTES } from '../routes';
import {
  PnrCsvRequest,
  PnrDetails,
  PnrDetailsQuery,
  PnrListRequest,
  PnrListResponse,
  PnrUpdatesRequest,
  PnrUpdatesResponse,
  TicketingQuery,
  TicketingResponse,
} from '../schemas/pnrs';
import { defineCall, pathsOf } from './define-call';

// My PNRs (SPEC §7.4): the agent's own bookings, their details, the CSV file and ticketing,
// for whoever may open My PNRs. The list and its refreshes are JSON; the CSV file's search
// rides as JSON text in a form field.

const access = ROUTES.myPnrs;

export const pnrCalls = {
  list: defineCall({
    method: 'POST',
    path: 'admin/pnr/management/pnrList',
    access,
    body: PnrListRequest,
    encoding: 'json',
    answer: PnrListResponse,
    refusals: ['pnrs.dates-out-of-range'],
  }),
  updates: defineCall({
    method: 'POST',
    path: 'admin/pnr/management/pnrUpdates',
    access,
    body: PnrUpdatesRequest,
    encoding: 'json',
    answer: PnrUpdatesResponse,
  }),
  details: defineCall({
    method: 'GET',
    path: 'admin/pnr/management/pnrDetails',
    access,
    query: PnrDetailsQuery,
    answer: PnrDetails,
    refusals: ['pnrs.not-yours', 'pnrs.connection-disconnected', 'pnrs.gds-failed'],
  }),
  /** A file: its bytes are the answer. */
  listCsv: defineCall({
    method: 'POST',
    path: 'admin/pnr/management/pnrList/csv',
    access,
    body: PnrCsvRequest,
    refusals: ['pnrs.dates-out-of-range'],
  }),
  ticketing: defineCall({
    method: 'GET',
    path: 'pnr/ticketing',
    access,
    query: TicketingQuery,
    answer: TicketingResponse,
    refusals: [
      'pnrs.not-yours',
      'pnrs.not-ota',
      'pnrs.ticketing-unsupported',
      'pnrs.already-ticketed',
      'pnrs.cancelled',
      'pnrs.connection-disconnected',
    ],
  }),
};

/** Each My PNRs call's path under /api, for a caller that names it (a test, say). */
export const PNR_CALLS = pathsOf(pnrCalls);

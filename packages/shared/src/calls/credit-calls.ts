import { ROUTES } from '../routes';
import {
  CreditCreateBody,
  CreditFilter,
  CreditIdParams,
  CreditItem,
  CreditListQuery,
  CreditPage,
  CreditStateBody,
} from '../schemas/credits';
import { defineCall, pathsOf } from './define-call';

// The credits ledger (issue 36 point 4), for whoever may open the Credits page: each sees the
// credits of their scope, as in the notification lists. A list and its CSV file (GETs of a
// search), a credit entered on a booking and a credit marked used or open (form POSTs, each
// answering the credit as it now is).

const CREDITS = 'xapi/credits';
const access = ROUTES.credits;

export const creditCalls = {
  list: defineCall({
    method: 'GET',
    path: CREDITS,
    access,
    query: CreditListQuery,
    answer: CreditPage,
  }),
  /** A file: its bytes are the answer. */
  csv: defineCall({ method: 'GET', path: `${CREDITS}/csv`, access, query: CreditFilter }),
  create: defineCall({
    method: 'POST',
    path: CREDITS,
    access,
    body: CreditCreateBody,
    answer: CreditItem,
    refusals: [
      'credits.booking-not-found',
      'credits.passenger-not-on-booking',
      'credits.already-recorded',
    ],
  }),
  setState: defineCall({
    method: 'POST',
    path: `${CREDITS}/:id/state`,
    access,
    params: CreditIdParams,
    body: CreditStateBody,
    answer: CreditItem,
    refusals: ['credits.not-found', 'credits.expired'],
  }),
};

/** Each credits call's path under /api, for a caller that names it (a test, say). */
export const CREDIT_CALLS = pathsOf(creditCalls);

import type { PnrDetails, PnrListItem, PnrListResponse } from '@smt/shared';
import { vi } from 'vitest';
import { stubApi, type SentCall } from '@/testing/stub-api';

// Test-only: rows and answers of the My PNRs calls, shaped by the shared schemas.

export const PNR_LIST_PATH = '/api/admin/pnr/management/pnrList';
export const PNR_UPDATES_PATH = '/api/admin/pnr/management/pnrUpdates';
export const PNR_DETAILS_PATH = '/api/admin/pnr/management/pnrDetails';
export const TICKETING_PATH = '/api/pnr/ticketing';

export function pnrRow(id: number, overrides: Partial<PnrListItem> = {}): PnrListItem {
  return {
    id,
    pnrNumber: `PNR${String(id).padStart(3, '0')}`,
    pnrCreationDate: '2026-06-01T09:30:00.000Z',
    isTicketing: false,
    isTicketed: false,
    isVoidable: false,
    isDeparted: false,
    isCancelled: false,
    passengersCount: 2,
    passengerName: 'LEVI/DANA MRS',
    carrierCode: 'LY',
    flightNumber: '315',
    flightRoute: 'TLV-LHR',
    flightDate: '2026-12-13 10:00',
    notificationStat: [],
    updateWillAvailable: false,
    syncJobId: null,
    type: 'REGULAR',
    gdsId: 'SABRE',
    ticketingSupported: true,
    ...overrides,
  };
}

export function pnrPage(
  pnrs: PnrListItem[],
  total = pnrs.length,
  totalCapped = false,
): PnrListResponse {
  return { pnrs, total, totalCapped, hasMore: totalCapped || total > pnrs.length };
}

export function pnrDetails(overrides: Partial<PnrDetails> = {}): PnrDetails {
  return {
    pnr: {
      id: 'PNR001',
      pcc: 'A1B2',
      creator: 'DL',
      is_cancelled: false,
      is_ticketed: false,
      is_voidable: false,
      is_departed: false,
    },
    contact: { name: 'Dana Levi', phone: '+972501234567', email: 'dana@example.test' },
    passengers: [],
    cars: [],
    hotels: [],
    flights: [],
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((call: SentCall) => Answer);

type PnrServerOptions = {
  list?: Handler;
  updates?: Handler;
  details?: Handler;
  ticketing?: Handler;
};

/** Stands in for the My PNRs calls; an unanswered one is a 404. */
export function stubPnrServer(options: PnrServerOptions): SentCall[] {
  const handlers: Record<string, Handler> = {};
  if (options.list) handlers[`POST ${PNR_LIST_PATH}`] = options.list;
  if (options.updates) handlers[`POST ${PNR_UPDATES_PATH}`] = options.updates;
  if (options.details) handlers[`GET ${PNR_DETAILS_PATH}`] = options.details;
  if (options.ticketing) handlers[`GET ${TICKETING_PATH}`] = options.ticketing;
  return stubApi(handlers);
}

/** The query strings of the calls made to `path` (stubApi keeps only paths). */
export function queriesSentTo(path: string): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : input.toString(), 'http://x'),
    )
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
}

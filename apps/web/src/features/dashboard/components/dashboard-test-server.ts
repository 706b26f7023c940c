import {
  API_ROOT,
  DASHBOARD_CALLS,
  type AdmPerAirlineResponse,
  type AirlineSavingResponse,
  type CompletedVsTotalResponse,
  type CreditTotalsResponse,
  type CustomerNumberSavingResponse,
  type MonthlyStatResponse,
  type PnrPriceData,
  type SavingPeriodsResponse,
  type SavingTotals,
} from '@smt/shared';
import { vi } from 'vitest';

// Test-only: the dashboard calls' answers, shaped by the shared schemas, and a server standing
// in for them that keeps each call's query string and form body.

export type DashboardCall = keyof typeof DASHBOARD_CALLS;

export type SentCall = {
  call: DashboardCall | null;
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams | null;
};

type Answer = { status?: number; body?: unknown; file?: string };
export type Handler = Answer | ((sent: SentCall) => Answer);

export const FAILURE: Answer = { status: 500, body: { code: 'INTERNAL', message: 'Boom' } };

const CALL_OF_PATH = new Map(
  Object.entries(DASHBOARD_CALLS).map(([call, path]) => [
    `${API_ROOT}/${path}`,
    call as DashboardCall,
  ]),
);

/** Answers the dashboard calls named (others: 404) and returns every call made. */
export function stubDashboardServer(
  handlers: Partial<Record<DashboardCall, Handler>>,
  others: Record<string, Handler> = {},
): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const method = init?.method ?? 'GET';
      const call = CALL_OF_PATH.get(url.pathname) ?? null;
      const body = init?.body;
      const record: SentCall = {
        call,
        method,
        path: url.pathname,
        query: url.searchParams,
        form: body instanceof URLSearchParams ? new URLSearchParams(body) : null,
      };
      sent.push(record);
      const handler = call === null ? others[`${method} ${url.pathname}`] : handlers[call];
      const answer: Answer =
        handler === undefined
          ? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
          : typeof handler === 'function'
            ? handler(record)
            : handler;
      if (answer.file !== undefined) {
        return new Response('file', {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': `attachment; filename="${answer.file}"`,
          },
        });
      }
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** The names of the files handed to the browser's downloads. */
export function catchSavedFiles(): string[] {
  const saved: string[] = [];
  // jsdom has no object URLs.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:file' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

export const callsTo = (sent: readonly SentCall[], call: DashboardCall) =>
  sent.filter((each) => each.call === call);

export const COMPLETED_VS_TOTAL: CompletedVsTotalResponse = {
  entries: [
    entry(3, 'Demo Travel', 'REPRICE', 10, 4),
    entry(3, 'Demo Travel', 'ADM', 5, 5),
    entry(4, 'Globe Tours', 'REPRICE', 2, 0),
    entry(4, 'Globe Tours', 'WAITLIST', 6, 1),
  ],
  currency: 'USD',
  currencies: [],
  currencyKinds: [],
};

function entry(
  entityId: number,
  entityName: string,
  msgGroup: CompletedVsTotalResponse['entries'][number]['msgGroup'],
  total: number,
  completed: number,
): CompletedVsTotalResponse['entries'][number] {
  return {
    entityId,
    entityName,
    msgGroup,
    total,
    completed,
    potential: 0,
    actual: 0,
    byCurrency: [],
  };
}

export const SAVING_TOTALS: SavingTotals = {
  potential: 1234.5,
  actual: 300.49,
  potentialCount: 7,
  actualCount: 2,
  currency: 'USD',
  byCurrency: [
    {
      currency: 'USD',
      kind: 'cash',
      potential: 1234.5,
      actual: 300.49,
      potentialCount: 7,
      actualCount: 2,
    },
  ],
};

export const SAVING_PERIODS: SavingPeriodsResponse = {
  periods: [
    {
      month: '2026-05',
      potential: 100.5,
      actual: 20.4,
      potentialCount: 3,
      actualCount: 1,
      currency: 'USD',
      byCurrency: [
        {
          currency: 'USD',
          kind: 'cash',
          potential: 100.5,
          actual: 20.4,
          potentialCount: 3,
          actualCount: 1,
        },
      ],
    },
    {
      month: '2026-06',
      potential: 250.2,
      actual: 99.6,
      potentialCount: 4,
      actualCount: 2,
      currency: 'USD',
      byCurrency: [
        {
          currency: 'USD',
          kind: 'cash',
          potential: 250.2,
          actual: 99.6,
          potentialCount: 4,
          actualCount: 2,
        },
      ],
    },
  ],
};

const AIRLINE_ITEMS = [
  { airline: 'LY', saving: 120.6 },
  { airline: 'BA', saving: 80.4 },
  { airline: 'Other', saving: 99.5 },
];
export const AIRLINE_SAVING: AirlineSavingResponse = {
  items: AIRLINE_ITEMS,
  currency: 'USD',
  byCurrency: [{ currency: 'USD', kind: 'cash', items: AIRLINE_ITEMS }],
};

const CUSTOMER_NUMBER_ITEMS = [
  { customerNumber: 'DK100', saving: 500.5 },
  { customerNumber: 'DK200', saving: 10.49 },
];
export const CUSTOMER_NUMBER_SAVING: CustomerNumberSavingResponse = {
  items: CUSTOMER_NUMBER_ITEMS,
  currency: 'EUR',
  byCurrency: [{ currency: 'EUR', kind: 'cash', items: CUSTOMER_NUMBER_ITEMS }],
};

export const ADM_PER_AIRLINE: AdmPerAirlineResponse = {
  items: [
    { airline: 'LY', count: 4 },
    { airline: 'UA', count: 1 },
  ],
};

export const PRICE_DATA: PnrPriceData = { youngCnt: 5, oldCnt: 3 };

export const CREDITS: CreditTotalsResponse = {
  byCurrency: [
    {
      currency: 'USD',
      open: { count: 2, amount: 151.1 },
      used: { count: 1, amount: 50.25 },
      expired: { count: 1, amount: 20 },
    },
  ],
};

export const MONTHLY_STAT: MonthlyStatResponse = {
  title: '2026-05',
  months: [
    month('2026-01', 100.9, 2, 50.99, 1),
    month('2026-02', 0, 0, 0, 0),
    month('2026-03', 330.5, 5, 120.2, 3),
  ],
  byType: [
    { type: 'Reprice', count: 7 },
    { type: 'Churning', count: 2 },
    { type: 'SegmentRemoval', count: 1 },
  ],
  priceData: { youngCnt: 1, oldCnt: 2 },
  currency: 'USD',
  currencies: ['USD'],
  currencyKinds: [{ currency: 'USD', kind: 'cash' }],
};

function month(
  name: string,
  repricePotential: number,
  repricePotentialCount: number,
  repriceActual: number,
  repriceActualCount: number,
): MonthlyStatResponse['months'][number] {
  return {
    month: name,
    repricePotential,
    repricePotentialCount,
    repriceActual,
    repriceActualCount,
    byCurrency:
      repricePotentialCount === 0
        ? []
        : [
            {
              currency: 'USD',
              kind: 'cash',
              potential: repricePotential,
              actual: repriceActual,
              potentialCount: repricePotentialCount,
              actualCount: repriceActualCount,
            },
          ],
  };
}

/** Every detailed call answered with something to chart. */
export const DETAILED_ANSWERS: Partial<Record<DashboardCall, Handler>> = {
  completedVsTotal: { body: COMPLETED_VS_TOTAL },
  potentialVsActual: { body: SAVING_TOTALS },
  potentialVsActualByPeriod: { body: SAVING_PERIODS },
  savingPerAirline: { body: AIRLINE_SAVING },
  savingPerCustomerNumber: { body: CUSTOMER_NUMBER_SAVING },
  admPerAirline: { body: ADM_PER_AIRLINE },
  youngPqs: { body: PRICE_DATA },
  credits: { body: CREDITS },
};

/** Every detailed call answered with nothing. */
export const EMPTY_DETAILED_ANSWERS: Partial<Record<DashboardCall, Handler>> = {
  completedVsTotal: {
    body: {
      entries: [],
      currency: null,
      currencies: [],
      currencyKinds: [],
    } satisfies CompletedVsTotalResponse,
  },
  potentialVsActual: {
    body: {
      potential: 0,
      actual: 0,
      potentialCount: 0,
      actualCount: 0,
      currency: null,
      byCurrency: [],
    } satisfies SavingTotals,
  },
  potentialVsActualByPeriod: { body: { periods: [] } },
  savingPerAirline: {
    body: { items: [], currency: null, byCurrency: [] } satisfies AirlineSavingResponse,
  },
  savingPerCustomerNumber: {
    body: { items: [], currency: null, byCurrency: [] } satisfies CustomerNumberSavingResponse,
  },
  admPerAirline: { body: { items: [] } },
  youngPqs: { body: { youngCnt: 0, oldCnt: 0 } },
  credits: { body: { byCurrency: [] } satisfies CreditTotalsResponse },
};

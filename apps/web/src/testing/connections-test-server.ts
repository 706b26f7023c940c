import { CONNECTION_CALLS, NOTIFICATION_CALLS, type ConnectionItem } from '@smt/shared';
import { stubFetch, type Handler } from './stub-fetch';

// Test-only: stands in for the connection calls (JSON bodies) and the agency and branch
// choices, keeping each request's query and body to compare.

export type SentRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};
type ConnectionCall = keyof typeof CONNECTION_CALLS;
type CallName = ConnectionCall | 'listAgencies' | 'listBranches';

const isConnectionCall = (call: CallName): call is ConnectionCall => call in CONNECTION_CALLS;
const pathOfCall = (call: CallName) =>
  `/api/${isConnectionCall(call) ? CONNECTION_CALLS[call] : NOTIFICATION_CALLS[call]}`;

/** Answers the named calls (200 with the given body); any other call is a 404. */
export function stubConnectionsServer(handlers: Partial<Record<CallName, Handler<SentRequest>>>) {
  const byPath = new Map<string, Handler<SentRequest>>();
  for (const [call, handler] of Object.entries(handlers)) {
    byPath.set(pathOfCall(call as CallName), handler);
  }
  const requests = stubFetch(
    (url, init): SentRequest => ({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }),
    (request) => byPath.get(request.path),
    {},
  );
  return {
    requests,
    /** The requests made to one call. */
    to: (call: CallName) => requests.filter((request) => request.path === pathOfCall(call)),
  };
}

export const connectionList = (items: ConnectionItem[]) => ({ body: { items } });

/** An active Duffel connection of agency 1, its token ending in 'abcd', never tested. */
export const duffel = (id: number, overrides: Partial<ConnectionItem> = {}): ConnectionItem => ({
  id,
  agencyId: 1,
  agencyName: 'Sky Tours',
  provider: 'DUFFEL',
  status: 'ACTIVE',
  apiUrl: null,
  tokenHint: 'abcd',
  hasWebhookSecret: true,
  webhookPath: `/api/webhooks/duffel/${id}`,
  defaultBranchId: 7,
  defaultBranchName: 'Downtown',
  agentMetadataKey: 'agent_email',
  paymentType: 'balance',
  environment: null,
  username: null,
  signInPcc: null,
  customerNumber: null,
  queues: null,
  watchedPccs: [],
  lastTest: null,
  bookingsMonitored: 12,
  createdAt: '2025-03-01T08:00:00.000Z',
  disconnectedAt: null,
  ...overrides,
});

/** The simulator connection every agency starts on. */
export const simulator = (id: number, overrides: Partial<ConnectionItem> = {}): ConnectionItem =>
  duffel(id, {
    provider: 'SIMULATOR',
    tokenHint: null,
    hasWebhookSecret: false,
    webhookPath: null,
    defaultBranchId: null,
    defaultBranchName: null,
    paymentType: null,
    bookingsMonitored: 3,
    ...overrides,
  });

export const AGENCIES = {
  body: [
    { id: 1, name: 'Sky Tours' },
    { id: 2, name: 'Sea Tours' },
  ],
};

export const BRANCHES = {
  body: [
    { id: 7, pcc: 'PC7', name: 'Downtown' },
    { id: 8, pcc: 'PC8', name: 'Airport' },
  ],
};

/** An active Sabre connection of agency 1 on certification, watching its two branches' PCCs. */
export const sabre = (id: number, overrides: Partial<ConnectionItem> = {}): ConnectionItem =>
  duffel(id, {
    provider: 'SABRE',
    tokenHint: null,
    hasWebhookSecret: false,
    webhookPath: null,
    defaultBranchId: null,
    defaultBranchName: null,
    paymentType: null,
    environment: 'CERT',
    username: '7971',
    signInPcc: 'G7RE',
    customerNumber: '1234567',
    queues: [5, 6, 7, 9, 17, 18],
    watchedPccs: ['PC7', 'PC8'],
    bookingsMonitored: 4,
    ...overrides,
  });

import { CONNECTION_CALLS, NOTIFICATION_CALLS, type ConnectionItem } from '@smt/shared';
import { vi } from 'vitest';

// Test-only: stands in for the connection calls (JSON bodies) and the agency and branch
// choices, keeping each request's query and body to compare.

export type SentRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};
type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((request: SentRequest) => Answer);
type ConnectionCall = keyof typeof CONNECTION_CALLS;
type CallName = ConnectionCall | 'listAgencies' | 'listBranches';

const isConnectionCall = (call: CallName): call is ConnectionCall => call in CONNECTION_CALLS;
const pathOfCall = (call: CallName) =>
  `/api/${isConnectionCall(call) ? CONNECTION_CALLS[call] : NOTIFICATION_CALLS[call]}`;

/** Answers the named calls (200 with the given body); any other call is a 404. */
export function stubConnectionsServer(handlers: Partial<Record<CallName, Handler>>) {
  const requests: SentRequest[] = [];
  const byPath = new Map<string, Handler>();
  for (const [call, handler] of Object.entries(handlers)) {
    byPath.set(pathOfCall(call as CallName), handler);
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const handler = byPath.get(request.path);
      const answer: Answer = handler
        ? typeof handler === 'function'
          ? handler(request)
          : handler
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
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

import { CREDIT_CALLS, type CreditItem } from '@smt/shared';
import { vi } from 'vitest';

export const credit = (id: number, over: Partial<CreditItem> = {}): CreditItem => ({
  id,
  passengerName: 'COHEN/DANA',
  airline: 'LY',
  amountCents: 12_050,
  currency: 'USD',
  expiresOn: '2026-09-30',
  state: 'open',
  source: 'reprice',
  pnrNumber: 'ABC123',
  agentName: 'Adam Agent',
  reference: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  closedAt: null,
  ...over,
});

type Sent = { method: string; path: string; query: URLSearchParams; form: Record<string, string> };
type Answer = { status?: number; body: unknown };

/**
 * Stands in for the credits calls: the list answers `list(query)`, a new credit and a change of
 * state answer the credit; every call is kept, a form body as its fields.
 */
export function stubCreditsServer(
  list: (query: URLSearchParams) => Answer,
  changes: { create?: Answer; setState?: Answer } = {},
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const method = init?.method ?? 'GET';
      const form =
        init?.body instanceof URLSearchParams ? Object.fromEntries(init.body.entries()) : {};
      sent.push({ method, path: url.pathname, query: url.searchParams, form });
      let answer: Answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      if (method === 'GET' && url.pathname === `/api/${CREDIT_CALLS.list}`) {
        answer = list(url.searchParams);
      } else if (method === 'POST' && url.pathname === `/api/${CREDIT_CALLS.create}`) {
        answer = changes.create ?? { body: credit(99, { source: 'agent' }) };
      } else if (method === 'POST' && /^\/api\/xapi\/credits\/\d+\/state$/.test(url.pathname)) {
        answer = changes.setState ?? { body: credit(1, { state: 'used' }) };
      }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

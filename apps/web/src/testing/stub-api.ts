import { vi } from 'vitest';

export type SentCall = { method: string; path: string; body: unknown; headers: Headers };
type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((call: SentCall) => Answer);

/**
 * Stands in for the server: `'POST /api/auth/sms/send'` → an answer (200 by default).
 * Calls nobody answers get a 404 in the contract's error shape. Returns every call made.
 */
export function stubApi(handlers: Record<string, Handler>): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const method = init?.method ?? 'GET';
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      const call: SentCall = {
        method,
        path: url.pathname,
        body: raw === undefined ? undefined : JSON.parse(raw),
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      const answer: Answer = handler
        ? typeof handler === 'function'
          ? handler(call)
          : handler
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

import { vi } from 'vitest';

// Test-only: the fetch the management test servers stand in with; each reads its requests in
// its own way (form posts, JSON bodies) and finds their handlers by its own key.

type Answer = { status?: number; body?: unknown };
export type Handler<Sent> = Answer | ((request: Sent) => Answer);

const NOT_FOUND: Answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };

/**
 * Stubs fetch: each request is read by `read`, kept, and answered by its handler (200 with
 * `emptyBody` unless told), or a 404 when it has none. Returns the requests kept, in order.
 */
export function stubFetch<Sent>(
  read: (url: URL, init: RequestInit | undefined) => Sent,
  handlerOf: (request: Sent) => Handler<Sent> | undefined,
  emptyBody: unknown,
): Sent[] {
  const requests: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const request = read(url, init);
      requests.push(request);
      const handler = handlerOf(request);
      const answer =
        handler === undefined
          ? NOT_FOUND
          : typeof handler === 'function'
            ? handler(request)
            : handler;
      return new Response(JSON.stringify(answer.body ?? emptyBody), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

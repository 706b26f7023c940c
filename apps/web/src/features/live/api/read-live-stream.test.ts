import { describe, expect, it, vi } from 'vitest';
import type { SseItem } from '@/features/live/utils/sse-parser';
import { setSessionCredentials } from '@/lib/session-credentials';
import { readLiveStream } from './read-live-stream';

const EVENT_STREAM = { 'content-type': 'text/event-stream; charset=utf-8' };

/** A body that arrives in these byte pieces, then ends (or fails, if `failAtEnd`). */
function bodyOf(pieces: Uint8Array[], failAtEnd = false): ReadableStream<Uint8Array> {
  const left = [...pieces];
  return new ReadableStream({
    pull(controller) {
      const next = left.shift();
      if (next) controller.enqueue(next);
      // Erroring drops what is queued, so it waits for the reader to take the last piece.
      else if (failAtEnd) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function read(signal = new AbortController().signal) {
  const items: SseItem[] = [];
  const end = await readLiveStream(signal, (item) => items.push(item));
  return { end, items };
}

describe('readLiveStream', () => {
  it('should send the session headers and mark the call as background when it opens', async () => {
    setSessionCredentials({
      accessToken: 'tok',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      phone: '+972500000003',
      email: 'agent@demo.test',
      keepLoggedIn: false,
    });
    const fetchMock = stubFetch(() => new Response(bodyOf([]), { headers: EVENT_STREAM }));

    await read();

    const [input, init] = fetchMock.mock.calls[0]!;
    expect(input).toBe('/api/live');
    const headers = new Headers(init?.headers);
    expect(headers.get('SA-REGID')).toBe('tok');
    expect(headers.get('SA-DN')).toBe('+972500000003');
    expect(headers.get('SA-EMAIL')).toBe('agent@demo.test');
    expect(headers.get('X-SMT-Background')).toBe('1');
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it('should hand over every event when bytes are cut mid-line and mid-character', async () => {
    const bytes = new TextEncoder().encode(
      'event: ready\ndata: {}\n\n: hb\n\nevent: notifications\ndata: {"latestId": 7, "é": 1}\n\n',
    );
    const accent = bytes.indexOf(0xc3);
    const pieces = [bytes.slice(0, 5), bytes.slice(5, accent + 1), bytes.slice(accent + 1)];
    stubFetch(() => new Response(bodyOf(pieces), { headers: EVENT_STREAM }));

    expect(await read()).toEqual({
      end: 'ended',
      items: [
        { kind: 'event', event: 'ready', data: '{}', id: null },
        { kind: 'comment', text: 'hb' },
        { kind: 'event', event: 'notifications', data: '{"latestId": 7, "é": 1}', id: null },
      ],
    });
  });

  it('should say unauthorized when the server answers 401', async () => {
    stubFetch(() => new Response('{}', { status: 401 }));
    expect((await read()).end).toBe('unauthorized');
  });

  it('should say refused when the answer is an error or not a stream', async () => {
    stubFetch(() => new Response('{"code":"NOT_FOUND"}', { status: 404 }));
    expect((await read()).end).toBe('refused');
    stubFetch(
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    expect((await read()).end).toBe('refused');
  });

  it('should say failed when the network fails before or during the stream', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await read()).end).toBe('failed');

    const ready = new TextEncoder().encode('event: ready\ndata: {}\n\n');
    stubFetch(() => new Response(bodyOf([ready], true), { headers: EVENT_STREAM }));
    expect(await read()).toEqual({
      end: 'failed',
      items: [{ kind: 'event', event: 'ready', data: '{}', id: null }],
    });
  });

  it('should say aborted when the caller closes the stream', async () => {
    const controller = new AbortController();
    stubFetch(
      () =>
        new Response(
          new ReadableStream({
            start(stream) {
              controller.signal.addEventListener('abort', () =>
                stream.error(new DOMException('aborted', 'AbortError')),
              );
            },
          }),
          { headers: EVENT_STREAM },
        ),
    );
    const reading = read(controller.signal);
    controller.abort();
    expect((await reading).end).toBe('aborted');
  });
});

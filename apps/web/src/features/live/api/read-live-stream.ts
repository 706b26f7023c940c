import { liveCalls, pathOfCall } from '@smt/shared';
import { createSseParser, type SseItem } from '@/features/live/utils/sse-parser';
import { apiUrl, sessionHeaders } from '@/lib/api-client';

/** How one stream ended: the server closed it, it failed, it was refused, or we closed it. */
export type LiveStreamEnd = 'ended' | 'failed' | 'refused' | 'unauthorized' | 'aborted';

function isEventStream(response: Response): boolean {
  return response.headers.get('content-type')?.includes('text/event-stream') ?? false;
}

/**
 * Opens `GET /api/live` and hands over what it says until it ends. Read with fetch, not
 * EventSource, which cannot send the session's headers. Answers how it ended; never throws.
 */
export async function readLiveStream(
  signal: AbortSignal,
  onItem: (item: SseItem) => void,
): Promise<LiveStreamEnd> {
  // A stream is not something the user did: it does not keep the session alive.
  const headers = sessionHeaders(true);
  headers.set('Accept', 'text/event-stream');
  let response: Response;
  try {
    response = await fetch(apiUrl(pathOfCall(liveCalls.live)), {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch {
    return signal.aborted ? 'aborted' : 'failed';
  }
  if (response.status === 401) return 'unauthorized';
  if (!response.ok || !response.body || !isEventStream(response)) {
    await response.body?.cancel().catch(() => undefined);
    return 'refused';
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      // `stream: true` keeps a character whose bytes two chunks share.
      for (const item of parser.push(decoder.decode(value, { stream: true }))) onItem(item);
    }
  } catch {
    return signal.aborted ? 'aborted' : 'failed';
  }
}

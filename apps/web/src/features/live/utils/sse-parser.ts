/** One thing a server-sent event stream said: a dispatched event, or a comment line. */
export type SseItem =
  | { kind: 'event'; event: string; data: string; id: string | null }
  | { kind: 'comment'; text: string };

export type SseParser = {
  /** Reads the next piece of the stream, however it is cut, and answers what it completed. */
  push: (text: string) => SseItem[];
};

/**
 * The event-stream format of the HTML standard (§9.2.6), read a piece at a time: lines end in
 * CRLF, LF or CR, even when a piece ends between CR and LF; `data:` lines of one event join
 * with LF; a blank line dispatches; `retry:` is left to the caller's own backoff.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let afterCr = false;
  let started = false;
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  const readLine = (line: string, out: SseItem[]) => {
    if (line === '') {
      // An event without data is not dispatched (the standard's rule).
      if (data.length > 0) {
        out.push({ kind: 'event', event: event || 'message', data: data.join('\n'), id });
      }
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) {
      out.push({ kind: 'comment', text: line.slice(1).replace(/^ /, '') });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) id = value;
        break;
      default:
        // `retry` and unknown fields.
        break;
    }
  };

  return {
    push(text) {
      let rest = text;
      if (!started && rest.length > 0) {
        started = true;
        if (rest.startsWith('\uFEFF')) rest = rest.slice(1);
      }
      // The LF of a CRLF whose CR ended the previous piece.
      if (afterCr && rest.startsWith('\n')) rest = rest.slice(1);
      afterCr = false;
      buffer += rest;
      const out: SseItem[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        readLine(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}

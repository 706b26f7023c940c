import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseItem } from './sse-parser';

function parseInPieces(pieces: readonly string[]): SseItem[] {
  const parser = createSseParser();
  return pieces.flatMap((piece) => parser.push(piece));
}

/** Cuts `text` before each of `at` (positions, any order, repeats allowed). */
function cut(text: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((point) => point % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

const LIVE_STREAM =
  'event: ready\ndata: {}\n\n' +
  ': hb\n\n' +
  'event: notifications\ndata: {"latestId": 41}\n\n' +
  ': hb\n' +
  'event: notifications\r\ndata: {"latestId":\r\ndata:  42}\r\n\r\n';

const LIVE_ITEMS: SseItem[] = [
  { kind: 'event', event: 'ready', data: '{}', id: null },
  { kind: 'comment', text: 'hb' },
  { kind: 'event', event: 'notifications', data: '{"latestId": 41}', id: null },
  { kind: 'comment', text: 'hb' },
  { kind: 'event', event: 'notifications', data: '{"latestId":\n 42}', id: null },
];

describe('createSseParser', () => {
  it('should read events, their data and comments when the stream comes whole', () => {
    expect(parseInPieces([LIVE_STREAM])).toEqual(LIVE_ITEMS);
  });

  it('should read the same events when each line is cut in the middle', () => {
    const parser = createSseParser();
    expect(parser.push('event: noti')).toEqual([]);
    expect(parser.push('fications\nda')).toEqual([]);
    expect(parser.push('ta: {"lates')).toEqual([]);
    expect(parser.push('tId": 7}\n')).toEqual([]);
    expect(parser.push('\n: h')).toEqual([
      { kind: 'event', event: 'notifications', data: '{"latestId": 7}', id: null },
    ]);
    expect(parser.push('b\n')).toEqual([{ kind: 'comment', text: 'hb' }]);
  });

  it('should count CRLF once when a piece ends between its CR and its LF', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\ndata: b\r')).toEqual([]);
    // A blank line after the CRLF, not a second line break in one.
    expect(parser.push('\n\r')).toEqual([
      { kind: 'event', event: 'message', data: 'a\nb', id: null },
    ]);
    expect(parser.push('\n')).toEqual([]);
  });

  it('should end a line at a lone CR when the next piece starts with something else', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\r')).toEqual([{ kind: 'event', event: 'message', data: 'a', id: null }]);
  });

  it('should join several data lines with LF when one event has them', () => {
    expect(parseInPieces(['data: first\ndata:second\ndata\ndata:  indented\n\n'])).toEqual([
      { kind: 'event', event: 'message', data: 'first\nsecond\n\n indented', id: null },
    ]);
  });

  it('should not dispatch an event when it has no data', () => {
    expect(parseInPieces(['event: ready\n\nevent: x\nid: 3\n\n'])).toEqual([]);
  });

  it('should keep the last id and ignore retry and unknown fields when they come', () => {
    expect(
      parseInPieces(['id: 9\nretry: 100\nfoo: bar\nevent: e\ndata: d\n\ndata: e\n\n']),
    ).toEqual([
      { kind: 'event', event: 'e', data: 'd', id: '9' },
      { kind: 'event', event: 'message', data: 'e', id: '9' },
    ]);
  });

  it('should drop a byte order mark when the stream starts with one', () => {
    expect(parseInPieces(['\uFEFF', 'data: x\n\n'])).toEqual([
      { kind: 'event', event: 'message', data: 'x', id: null },
    ]);
  });

  it('should hold back an event when its blank line has not come yet', () => {
    expect(parseInPieces(['event: notifications\ndata: {"latestId": 1}\n'])).toEqual([]);
  });

  it('should read the same items when the stream is cut anywhere', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (at) => {
        expect(parseInPieces(cut(LIVE_STREAM, at))).toEqual(LIVE_ITEMS);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createShareLinks, SHARE_LINK_DAYS } from './share-link';

const DAY = 24 * 60 * 60_000;
const made = new Date('2026-03-01T10:00:00Z');
const later = (ms: number) => new Date(made.getTime() + ms);

describe('share links', () => {
  const links = createShareLinks('a-server-secret-of-at-least-32-characters');

  it('should accept a link when it is fresh and unaltered', () => {
    const link = links.sign(42, made);
    expect(link).toMatchObject({ id: 42, timestamp: made.getTime() });
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(links.verify(link, made)).toBe(true);
    expect(links.verify(link, later(SHARE_LINK_DAYS * DAY))).toBe(true);
  });

  it('should refuse a link when it is older than 30 days', () => {
    expect(links.verify(links.sign(42, made), later(SHARE_LINK_DAYS * DAY + 1))).toBe(false);
  });

  it('should refuse a link when its timestamp is in the future', () => {
    expect(links.verify(links.sign(42, later(1000)), made)).toBe(false);
  });

  it('should refuse a link when its id, timestamp or token was changed', () => {
    const link = links.sign(42, made);
    const flipped = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expect(links.verify({ ...link, id: 43 }, made)).toBe(false);
    expect(links.verify({ ...link, timestamp: link.timestamp - 1 }, made)).toBe(false);
    expect(links.verify({ ...link, token: flipped }, made)).toBe(false);
    expect(links.verify({ ...link, token: '' }, made)).toBe(false);
  });

  it('should refuse a link when another secret signed it', () => {
    const other = createShareLinks('another-server-secret-of-32-characters!!');
    expect(links.verify(other.sign(42, made), made)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { issueAccessToken, readAccessToken } from './access-token';

const SECRET = 's'.repeat(40);
const SESSION = '0b6f0e58-4a5c-4a39-9a39-6c2d1b0f7e11';
const now = new Date('2026-11-22T10:00:00Z');
const later = new Date('2026-11-22T10:10:00Z');

describe('access tokens', () => {
  it('should name its session when it is genuine and unexpired', () => {
    expect(readAccessToken(SECRET, issueAccessToken(SECRET, SESSION, later), now)).toBe(SESSION);
  });

  it('should be refused when it has expired', () => {
    const token = issueAccessToken(SECRET, SESSION, later);
    expect(readAccessToken(SECRET, token, later)).toBeNull();
  });

  it('should be refused when it was signed with another secret or altered', () => {
    const token = issueAccessToken(SECRET, SESSION, later);
    expect(readAccessToken('t'.repeat(40), token, now)).toBeNull();
    const [id, , signature] = token.split('.');
    const extended = `${id}.${Math.floor(later.getTime() / 1000) + 3600}.${signature}`;
    expect(readAccessToken(SECRET, extended, now)).toBeNull();
  });

  it('should be refused when it is not a token at all', () => {
    for (const junk of ['', 'a.b', 'a.b.c.d', `${SESSION}.soon.sig`, `not-a-uuid.1.sig`]) {
      expect(readAccessToken(SECRET, junk, now)).toBeNull();
    }
  });
});

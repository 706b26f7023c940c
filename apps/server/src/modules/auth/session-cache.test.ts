import { describe, expect, it } from 'vitest';
import { createSessionCache, type CachedSession } from './session-cache';

const entry = (userId: number, effectiveId = userId): CachedSession =>
  ({
    session: { id: `s${userId}`, lastActiveAt: new Date(0) },
    user: { id: userId },
    effective: { id: effectiveId },
  }) as unknown as CachedSession;

describe('the session cache', () => {
  it('should keep a session for its time to live and no longer', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set('a', entry(1));
    now = 4_999;
    expect(cache.get('a')).not.toBeNull();
    now = 5_000;
    expect(cache.get('a')).toBeNull();
  });

  it('should keep nothing when its time to live is zero', () => {
    const cache = createSessionCache({ ttlMs: 0, now: () => 0 });
    cache.set('a', entry(1));
    expect(cache.get('a')).toBeNull();
  });

  it('should forget every session of a user, as themselves or acted as', () => {
    const cache = createSessionCache({ ttlMs: 5_000, now: () => 0 });
    cache.set('own', entry(1));
    cache.set('acting-as', entry(2, 1));
    cache.set('other', entry(3));
    cache.forgetUser(1);
    expect([cache.get('own'), cache.get('acting-as')]).toEqual([null, null]);
    expect(cache.get('other')).not.toBeNull();
  });

  it('should let the oldest read go when full', () => {
    const cache = createSessionCache({ ttlMs: 5_000, now: () => 0, max: 2 });
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    cache.set('c', entry(3));
    expect(cache.get('a')).toBeNull();
    expect(cache.size).toBe(2);
  });

  it('should remember the activity it wrote', () => {
    const cache = createSessionCache({ ttlMs: 5_000, now: () => 0 });
    cache.set('a', entry(1));
    cache.touched('a', new Date(1_000));
    expect(cache.get('a')?.session.lastActiveAt).toEqual(new Date(1_000));
  });
});

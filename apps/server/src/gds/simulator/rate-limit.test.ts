import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './rate-limit';

describe('token bucket', () => {
  it('should let a second of calls through and queue the rest when calls burst', () => {
    let now = 0;
    const bucket = createTokenBucket(5, () => now);
    const waits = Array.from({ length: 10 }, () => bucket.take());
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(5).map(Math.round)).toEqual([200, 400, 600, 800, 1000]);
    now = 2000;
    expect(bucket.take()).toBe(0);
  });

  it('should refill no more than a second of calls when idle for long', () => {
    let now = 0;
    const bucket = createTokenBucket(2, () => now);
    now = 60_000;
    const waits = Array.from({ length: 3 }, () => bucket.take());
    expect(waits.map(Math.round)).toEqual([0, 0, 500]);
  });
});

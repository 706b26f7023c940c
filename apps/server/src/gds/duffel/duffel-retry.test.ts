import { DuffelError } from '@duffel/api';
import { describe, expect, it } from 'vitest';
import { OutgoingFailed, OutgoingRefused } from '@/lib/outgoing-address';
import {
  describeFailure,
  type DuffelFailure,
  isTransient,
  isUncertain,
  MAX_WAIT_MS,
  rateLimitWaitMs,
  withRetries,
} from './duffel-retry';

const NOW = Date.parse('2026-03-01T08:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toUTCString();

/** A connection failure as the outgoing guard's transport raises it. */
const dropped = () => new OutgoingFailed('api.duffel.com', 'ECONNRESET');

describe('rateLimitWaitMs', () => {
  it('should wait the seconds or until the date retry-after gives when it is there', () => {
    expect(rateLimitWaitMs(new Headers({ 'retry-after': '7' }), NOW)).toBe(7_000);
    expect(rateLimitWaitMs(new Headers({ 'retry-after': at(4_000) }), NOW)).toBe(4_000);
  });

  it('should count to ratelimit-reset from the answer’s own date when clocks differ', () => {
    const headers = new Headers({ date: at(-30_000), 'ratelimit-reset': at(-27_000) });
    expect(rateLimitWaitMs(headers, NOW)).toBe(3_000);
  });

  it('should count from its own clock when the answer has no date', () => {
    expect(rateLimitWaitMs(new Headers({ 'ratelimit-reset': at(2_000) }), NOW)).toBe(2_000);
  });

  it('should bound the wait to a minute and never wait for the past', () => {
    expect(rateLimitWaitMs(new Headers({ 'retry-after': '3600' }), NOW)).toBe(MAX_WAIT_MS);
    expect(rateLimitWaitMs(new Headers({ 'ratelimit-reset': at(-5_000) }), NOW)).toBe(0);
  });

  it('should say nothing when the answer names no time', () => {
    expect(rateLimitWaitMs(new Headers({ 'ratelimit-reset': 'soon' }), NOW)).toBeNull();
    expect(rateLimitWaitMs(new Headers(), NOW)).toBeNull();
    expect(rateLimitWaitMs(undefined, NOW)).toBeNull();
  });
});

describe('isTransient and isUncertain', () => {
  it('should take a dropped connection for both', () => {
    expect(isTransient(dropped())).toBe(true);
    expect(isUncertain(dropped())).toBe(true);
  });

  it('should take neither for an address the guard refused or a plain error', () => {
    const refused = new OutgoingRefused('127.0.0.1:1', 'it is a loopback address (RFC 1122)');
    expect(isTransient(refused)).toBe(false);
    expect(isUncertain(refused)).toBe(false);
    expect(isTransient(new Error('boom'))).toBe(false);
  });
});

describe('withRetries', () => {
  const policy = { attempts: 3, baseDelayMs: 100 };

  it('should try a safe call again with doubling waits when the connection drops', async () => {
    const waits: number[] = [];
    let tries = 0;
    const answer = await withRetries(
      async () => {
        tries += 1;
        if (tries < 3) throw dropped();
        return 'ok';
      },
      'safe',
      { policy, sleep: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('ok');
    expect(waits).toEqual([100, 200]);
  });

  it('should not make a call that takes effect again when its connection drops', async () => {
    let tries = 0;
    await expect(
      withRetries(
        async () => {
          tries += 1;
          throw dropped();
        },
        'effect',
        { policy, sleep: async () => undefined },
      ),
    ).rejects.toThrow('could not be reached');
    expect(tries).toBe(1);
  });

  it('should not try again what is no transport failure', async () => {
    let tries = 0;
    await expect(
      withRetries(
        async () => {
          tries += 1;
          throw new Error('a bug');
        },
        'safe',
        { policy, sleep: async () => undefined },
      ),
    ).rejects.toThrow('a bug');
    expect(tries).toBe(1);
  });
});

describe('describeFailure', () => {
  it('should give an error’s message when it is not Duffel’s', () => {
    expect(describeFailure(dropped())).toBe('api.duffel.com could not be reached (ECONNRESET)');
    expect(describeFailure('text')).toBe('text');
  });

  it('should give Duffel’s status and code, never its words', () => {
    const said = new DuffelError({
      meta: { status: 422, request_id: 'req_1' },
      errors: [
        {
          code: 'already_cancelled',
          type: 'invalid_state_error',
          title: 'SECRET title',
          message: 'SECRET message',
          documentation_url: 'https://duffel.com/docs',
        },
      ],
      headers: undefined as unknown as DuffelFailure['headers'],
      status: 422,
    });
    expect(describeFailure(said)).toBe('HTTP 422, error code already_cancelled');
  });
});

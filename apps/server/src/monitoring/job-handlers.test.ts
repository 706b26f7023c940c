import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobHandlers } from './job-handlers';

describe('job handlers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should wait for the handlers under way before a stop goes on', async () => {
    vi.useFakeTimers();
    const handlers = createJobHandlers();
    let finish = () => {};
    const handler = handlers.track(
      () => new Promise<string>((resolve) => (finish = () => resolve('done'))),
    );
    const job = handler();
    expect(handlers.running()).toBe(1);

    let drained = false;
    const draining = handlers.drain(30_000).then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drained).toBe(false);

    finish();
    await expect(job).resolves.toBe('done');
    await vi.advanceTimersByTimeAsync(50);
    await draining;
    expect(drained).toBe(true);
    expect(handlers.running()).toBe(0);
  });

  it('should refuse a job fetched once the process is stopping, without running it', async () => {
    const handlers = createJobHandlers();
    const work = vi.fn(async () => 'ran');
    const handler = handlers.track(work);

    await handlers.drain(0);

    await expect(handler()).rejects.toThrow('this process is stopping');
    expect(work).not.toHaveBeenCalled();
  });

  it('should give up waiting at its deadline and never answer for a handler that ends later', async () => {
    vi.useFakeTimers();
    const handlers = createJobHandlers();
    let finish = () => {};
    let fail = () => {};
    const answered = vi.fn();
    handlers
      .track(() => new Promise<string>((resolve) => (finish = () => resolve('late'))))()
      .then(answered, answered);
    handlers
      .track(() => new Promise<string>((_, reject) => (fail = () => reject(new Error('late')))))()
      .then(answered, answered);

    const draining = handlers.drain(1_000);
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(draining).resolves.toBeUndefined();
    expect(handlers.running()).toBe(2);

    // Past the wait the pool may be closed: neither a result nor a failure reaches pg-boss.
    finish();
    fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answered).not.toHaveBeenCalled();
    expect(handlers.running()).toBe(0);
  });
});

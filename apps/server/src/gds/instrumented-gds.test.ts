import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineError } from '@/observability/deadline';
import { registry } from '@/observability/metrics';
import { parseExposition } from '@/observability/testing/scrape';
import { GDS_CAPABILITIES } from './capabilities';
import type { GdsClient } from './gds-client';
import type { TicketingResult } from './gds-types';
import { instrumentGds, READ_DEADLINE_MS } from './instrumented-gds';

const refuse = () => Promise.reject(new Error('not in this test'));
const fakeGds = (): GdsClient & { seed: number } => ({
  seed: 42,
  provider: 'SIMULATOR',
  capabilities: GDS_CAPABILITIES,
  now: async () => new Date('2026-03-02T06:00:00Z'),
  retrieveBooking: async () => {
    throw new Error('the GDS is down');
  },
  listChangedBookings: refuse,
  releaseChanged: refuse,
  shopLowerFares: refuse,
  fareRules: refuse,
  repriceTo: refuse,
  cancelSegments: refuse,
  cancelBooking: refuse,
  quoteCancellation: refuse,
  acceptScheduleChange: refuse,
  confirmWaitlist: refuse,
  issueTickets: refuse,
  createBooking: refuse,
});

const count = async (labels: Record<string, string>) =>
  parseExposition(await registry.metrics()).sum('smt_gds_call_duration_seconds_count', labels);

describe('instrumentGds', () => {
  it('should time each call by operation and result and pass on answers and errors', async () => {
    const gds = instrumentGds(fakeGds());
    const before = {
      now: await count({ operation: 'now', result: 'ok' }),
      retrieve: await count({ operation: 'retrieveBooking', result: 'error' }),
    };
    expect(await gds.now()).toEqual(new Date('2026-03-02T06:00:00Z'));
    await expect(gds.retrieveBooking('ABC123')).rejects.toThrow('the GDS is down');
    expect((await count({ operation: 'now', result: 'ok' })) - before.now).toBe(1);
    expect((await count({ operation: 'retrieveBooking', result: 'error' })) - before.retrieve).toBe(
      1,
    );
  });

  it('should keep what the client offers beyond the port when it is wrapped', () => {
    expect(instrumentGds(fakeGds()).seed).toBe(42);
  });

  describe('when the reservation system stops answering', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const neverAnswers = () => new Promise<never>(() => {});

    it('should give a read up with a DeadlineError once READ_DEADLINE_MS have passed', async () => {
      vi.useFakeTimers();
      const gds = instrumentGds<GdsClient>({ ...fakeGds(), retrieveBooking: neverAnswers });
      const retrieved = gds.retrieveBooking('ABC123');
      const outcome = expect(retrieved).rejects.toBeInstanceOf(DeadlineError);
      await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS - 1);
      let settled = false;
      void retrieved.catch(() => {}).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
    });

    it('should wait for a call that may take effect however long it takes', async () => {
      vi.useFakeTimers();
      let answer: (value: TicketingResult) => void = () => {};
      const gds = instrumentGds<GdsClient>({
        ...fakeGds(),
        issueTickets: () => new Promise((resolve) => (answer = resolve)),
      });
      const issued = gds.issueTickets('ABC123');
      await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS * 4);
      answer({ state: 'SUCCESS', errorText: null });
      await expect(issued).resolves.toEqual({ state: 'SUCCESS', errorText: null });
    });
  });
});

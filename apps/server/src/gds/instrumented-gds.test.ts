import { describe, expect, it } from 'vitest';
import { registry } from '@/observability/metrics';
import { parseExposition } from '@/observability/testing/scrape';
import { GDS_CAPABILITIES } from './capabilities';
import type { GdsClient } from './gds-client';
import { instrumentGds } from './instrumented-gds';

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
});

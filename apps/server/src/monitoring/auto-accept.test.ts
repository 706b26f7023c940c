import { describe, expect, it } from 'vitest';
import type { GdsClient } from '@/gds/gds-client';
import type { OperationResult } from '@/gds/gds-types';
import { acceptMinorChanges } from './auto-accept';
import type { Candidate } from './detectors/detector';
import { aBooking, aPending } from './detectors/testing/booking-builder';

const aCandidate = (over: Partial<Candidate> = {}) =>
  ({
    type: 'Reschedule',
    segmentIds: ['s1'],
    supersedes: [],
    titleMessage: 'Flight LY315 departs 30 minutes later',
    alerts: [{ text: 'Flight LY315 departs 30 minutes later' }],
    reason: 'minor: a shift of 30 minutes, under the 120-minute threshold',
    ...over,
  }) as Candidate;

/**
 * Only the one GDS call this step makes; it records what it was asked to accept: the locator,
 * then the segments when the change was named by them.
 */
function gdsAnswering(result: OperationResult, acceptsChanges: 'each' | 'all' = 'each') {
  const asked: string[] = [];
  const gds = {
    capabilities: { acceptsChanges },
    acceptScheduleChange: async (locator: string, segmentIds?: string[]) => {
      asked.push(segmentIds ? `${locator}:${segmentIds.join(',')}` : locator);
      return result;
    },
  } as unknown as GdsClient;
  return { gds, asked };
}

describe('acceptMinorChanges', () => {
  it('should ask the GDS nothing when no candidate is marked for it', async () => {
    const { gds, asked } = gdsAnswering({ ok: true, booking: aBooking() });
    const candidates = [aCandidate({ autoAccept: false })];

    expect(await acceptMinorChanges(gds, 'ABC123', candidates)).toBe(candidates);
    expect(asked).toEqual([]);
  });

  it('should mark an accepted change Complete with its reason', async () => {
    const { gds, asked } = gdsAnswering({ ok: true, booking: aBooking() });
    const [accepted] = await acceptMinorChanges(gds, 'ABC123', [aCandidate({ autoAccept: true })]);

    expect(asked).toEqual(['ABC123:s1']);
    expect(accepted).toMatchObject({
      acceptedAutomatically: true,
      titleMessage: 'Accepted automatically: Flight LY315 departs 30 minutes later',
      reason:
        'minor: a shift of 30 minutes, under the 120-minute threshold; accepted automatically',
    });
  });

  it('should leave a change the GDS refused pending, with the reason, for the agent', async () => {
    const { gds } = gdsAnswering({ ok: false, message: 'Booking ABC123 is cancelled' });
    const [left] = await acceptMinorChanges(gds, 'ABC123', [aCandidate({ autoAccept: true })]);

    expect(left?.acceptedAutomatically).toBeUndefined();
    expect(left?.alerts.at(-1)).toEqual({
      text: 'Not accepted automatically: Booking ABC123 is cancelled',
    });
  });

  it('should leave the change pending, not fail the check, when the call to accept it throws', async () => {
    const gds = {
      capabilities: { acceptsChanges: 'each' },
      acceptScheduleChange: () => Promise.reject(new Error('Duffel did not answer')),
    } as unknown as GdsClient;
    const [left] = await acceptMinorChanges(gds, 'ABC123', [aCandidate({ autoAccept: true })]);

    expect(left?.acceptedAutomatically).toBeUndefined();
    expect(left?.alerts.at(-1)).toEqual({
      text: 'Not accepted automatically: Duffel did not answer',
    });
  });

  describe('a minor and a major change pending together', () => {
    const minor = aCandidate({ autoAccept: true, segmentIds: ['s1'] });
    const major = aCandidate({
      autoAccept: false,
      segmentIds: ['s2', 's3'],
      titleMessage: 'Flight LY316 LHR-TLV on 17/02/2027 15:00 was cancelled',
    });

    it('should accept only the minor one, by its segments, where changes are taken one at a time', async () => {
      const { gds, asked } = gdsAnswering({ ok: true, booking: aBooking() });
      const [first, second] = await acceptMinorChanges(gds, 'ABC123', [minor, major]);

      expect(asked).toEqual(['ABC123:s1']);
      expect(first?.acceptedAutomatically).toBe(true);
      expect(second).toBe(major);
    });

    it('should accept nothing where the provider can only take every change at once', async () => {
      const { gds, asked } = gdsAnswering({ ok: true, booking: aBooking() }, 'all');
      const [first, second] = await acceptMinorChanges(gds, 'ABC123', [minor, major]);

      expect(asked).toEqual([]);
      expect(first?.acceptedAutomatically).toBeUndefined();
      expect(first?.alerts.at(-1)).toEqual({
        text: 'Not accepted automatically: this reservation system accepts every pending change at once, and another change of this booking is for the agent',
      });
      expect(second).toBe(major);
    });

    it('should accept nothing at once while an earlier change waits for the agent, and all when none does', async () => {
      const waiting = [aPending({ id: 9, type: 'Reschedule', segmentIds: ['s2'] })];
      const all = gdsAnswering({ ok: true, booking: aBooking() }, 'all');

      const [left] = await acceptMinorChanges(all.gds, 'ABC123', [minor], waiting);
      expect(left?.acceptedAutomatically).toBeUndefined();
      expect(all.asked).toEqual([]);
      // The earlier change is the one this minor change replaces: nothing else waits.
      const replacing = aCandidate({ autoAccept: true, segmentIds: ['s2'], supersedes: [9] });
      expect(await acceptMinorChanges(all.gds, 'ABC123', [replacing], waiting)).toMatchObject([
        { acceptedAutomatically: true },
      ]);
      expect(all.asked).toEqual(['ABC123']);
    });
  });
});

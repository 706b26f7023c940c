import { describe, expect, it } from 'vitest';
import type { GdsClient } from '@/gds/gds-client';
import type { OperationResult } from '@/gds/gds-types';
import { acceptMinorChanges } from './auto-accept';
import type { Candidate } from './detectors/detector';
import { aBooking } from './detectors/testing/booking-builder';

const aCandidate = (over: Partial<Candidate> = {}) =>
  ({
    type: 'Reschedule',
    titleMessage: 'Flight LY315 departs 30 minutes later',
    alerts: [{ text: 'Flight LY315 departs 30 minutes later' }],
    reason: 'minor: a shift of 30 minutes, under the 120-minute threshold',
    ...over,
  }) as Candidate;

/** Only the one GDS call this step makes; it records the locators it was asked about. */
function gdsAnswering(result: OperationResult) {
  const asked: string[] = [];
  const gds = {
    acceptScheduleChange: async (locator: string) => {
      asked.push(locator);
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

    expect(asked).toEqual(['ABC123']);
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
      acceptScheduleChange: () => Promise.reject(new Error('Duffel did not answer')),
    } as unknown as GdsClient;
    const [left] = await acceptMinorChanges(gds, 'ABC123', [aCandidate({ autoAccept: true })]);

    expect(left?.acceptedAutomatically).toBeUndefined();
    expect(left?.alerts.at(-1)).toEqual({
      text: 'Not accepted automatically: Duffel did not answer',
    });
  });
});

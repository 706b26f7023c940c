import { describe, expect, it } from 'vitest';
import type { GdsSegment } from '@/gds/gds-types';
import { detectHoldsWaitlist, withdrawHoldsWaitlist } from './holds-waitlist';
import { aBooking, anInput, aPending, aSegment, settingsWith } from './testing/booking-builder';

const waitlisted = aSegment({ id: 's2', flightNumber: '001', status: 'HL', flightClass: 'J' });
const withStatus = (status: GdsSegment['status']) =>
  aBooking({ segments: [aSegment(), { ...waitlisted, status }] });
const moving = (from: GdsSegment['status'], to: GdsSegment['status']) =>
  anInput({ previous: withStatus(from), current: withStatus(to) });

describe('detectHoldsWaitlist', () => {
  it('should raise when a waitlisted segment clears from HL to KL', () => {
    const [candidate, ...rest] = detectHoldsWaitlist(moving('HL', 'KL'), settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'HoldsWaitlist',
      group: 'WAITLIST',
      title: 'Waitlist cleared',
      titleMessage: 'Seats available on LY001 TLV-JFK on 08/03/2026 10:00',
      alerts: [
        {
          text: 'The waitlist for LY001 TLV-JFK on 08/03/2026 10:00 cleared (KL): confirm the seats',
        },
      ],
      dedupeKey: 'HL:s2:LY001:2026-03-08 10:00',
      segmentIds: ['s2'],
      segmentClasses: ['J'],
    });
  });

  it('should raise nothing when the segment is still HL', () => {
    expect(detectHoldsWaitlist(moving('HL', 'HL'), settingsWith())).toEqual([]);
  });

  it('should raise nothing when no segment was cleared or confirmed', () => {
    expect(detectHoldsWaitlist(moving('HK', 'HK'), settingsWith())).toEqual([]);
    expect(detectHoldsWaitlist(moving('HK', 'GK'), settingsWith())).toEqual([]);
  });

  it('should raise for a KL segment with no earlier snapshot, or with no HL before it', () => {
    const first = anInput({ previous: null, current: withStatus('KL') });

    expect(detectHoldsWaitlist(first, settingsWith()).map((c) => c.dedupeKey)).toEqual([
      'HL:s2:LY001:2026-03-08 10:00',
    ]);
    expect(detectHoldsWaitlist(moving('HK', 'KL'), settingsWith())).toHaveLength(1);
  });

  it('should raise for a segment the airline confirmed with KK, saying so', () => {
    const [candidate] = detectHoldsWaitlist(
      anInput({ previous: null, current: withStatus('KK') }),
      settingsWith(),
    );

    expect(candidate?.alerts).toEqual([
      { text: 'The airline confirmed LY001 TLV-JFK on 08/03/2026 10:00 (KK): confirm the seats' },
    ]);
  });

  it('should keep one key per segment while it waits, so a second check raises it once', () => {
    const keys = (input: ReturnType<typeof moving>) =>
      detectHoldsWaitlist(input, settingsWith()).map((c) => c.dedupeKey);

    expect(keys(moving('KL', 'KL'))).toEqual(keys(moving('HL', 'KL')));
    expect(keys(moving('KL', 'KK'))).toEqual(keys(moving('HL', 'KL')));
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = { ...moving('HL', 'KL'), current: { ...withStatus('KL'), isCancelled: true } };

    expect(detectHoldsWaitlist(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing for a waitlist on a flight that has left', () => {
    const input = { ...moving('HL', 'KL'), now: new Date('2026-03-08T10:01:00Z') };

    expect(detectHoldsWaitlist(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the process is disabled', () => {
    const settings = settingsWith({ waitlist: { enabled: false } });

    expect(detectHoldsWaitlist(moving('HL', 'KL'), settings)).toEqual([]);
  });

  it('should give the same dedupe key when the same input is checked twice', () => {
    const keys = () =>
      detectHoldsWaitlist(moving('HL', 'KL'), settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
  });

  it.each([
    ['US', 'HL', 'Waitlisted by the airline', 'unable to sell, waitlisted', 'waitlist', ''],
    ['UU', 'HL', 'Waitlisted by the airline', 'unable to confirm, waitlisted', 'waitlist', ''],
    ['TL', 'HL', 'Waitlist re-timed', 'waitlisted with new times', 'waitlist', ' at the new times'],
    ['TN', 'HN', 'Request re-timed', 'requested, with new times', 'request', ' at the new times'],
  ] as const)(
    'should advise moving %s to %s, never removing it',
    (status, to, title, meaning, what, times) => {
      const [candidate, ...rest] = detectHoldsWaitlist(moving('HL', status), settingsWith());

      expect(rest).toEqual([]);
      expect(candidate).toMatchObject({
        type: 'HoldsWaitlist',
        title,
        titleMessage: `Change LY001 TLV-JFK on 08/03/2026 10:00 to ${to} to keep the ${what}`,
        alerts: [
          {
            text: `The airline answered LY001 TLV-JFK on 08/03/2026 10:00 with ${status} (${meaning}): change it to ${to} to keep the ${what}${times}, or cancel it if the traveller no longer wants it; do not remove it as an inactive segment`,
          },
        ],
        segmentIds: ['s2'],
      });
    },
  );

  describe('a request the airline has not answered (HN)', () => {
    // Requested when the PNR was made, 2026-02-01 09:00 UTC; the flight leaves 2026-03-08 08:00.
    const requested = (now: string, chase = 24) =>
      detectHoldsWaitlist(
        anInput({ current: withStatus('HN'), now: new Date(now) }),
        settingsWith({ waitlist: { requestChaseHours: chase } }),
      );

    it("should chase it at the branch's hours, not a minute before", () => {
      expect(requested('2026-02-02T08:59:00Z')).toEqual([]);
      expect(requested('2026-02-02T09:00:00Z')).toMatchObject([
        {
          title: 'Request unanswered',
          titleMessage: 'No answer on LY001 TLV-JFK on 08/03/2026 10:00: ask the airline',
          alerts: [
            {
              text: 'LY001 TLV-JFK on 08/03/2026 10:00 has been requested (HN) for 24 hours without an answer from the airline: ask the airline or book another flight',
            },
          ],
        },
      ]);
    });

    it('should chase it a day before the flight at the latest, whatever the hours', () => {
      expect(requested('2026-03-07T07:59:00Z', 24 * 40)).toEqual([]);
      expect(requested('2026-03-07T08:00:00Z', 24 * 40)).toHaveLength(1);
    });
  });

  describe('withdrawing an alert whose segment moved on', () => {
    const FLIGHT = 'LY001 TLV-JFK on 08/03/2026 10:00';
    const alertOn = (dedupeKey: string) =>
      aPending({ id: 7, type: 'HoldsWaitlist', dedupeKey, segmentIds: ['s2'] });
    const CLEARED = alertOn('HL:s2:LY001:2026-03-08 10:00');
    const REPLIED_US = alertOn('HLR:s2:US:LY001:2026-03-08 10:00');
    const UNANSWERED = alertOn('HN:s2:LY001:2026-03-08 10:00');
    const withdrawn = (notice: ReturnType<typeof alertOn>, status: GdsSegment['status']) =>
      withdrawHoldsWaitlist(
        anInput({ current: withStatus(status), pending: [notice] }),
        settingsWith(),
      );

    it('should complete a cleared alert once the seats are confirmed (HK)', () => {
      expect(withdrawn(CLEARED, 'HK')).toEqual([{ id: 7, reason: `${FLIGHT} is confirmed (HK)` }]);
    });

    it('should keep a cleared alert while the seats still await acceptance (KL, KK)', () => {
      expect(withdrawn(CLEARED, 'KL')).toEqual([]);
      expect(withdrawn(CLEARED, 'KK')).toEqual([]);
    });

    it('should complete a cleared alert whose segment was cancelled, saying its status', () => {
      expect(withdrawn(CLEARED, 'HX')).toEqual([
        { id: 7, reason: `${FLIGHT} is cancelled by the airline (HX)` },
      ]);
    });

    it('should complete an alert whose segment is no longer in the booking', () => {
      const input = anInput({ current: aBooking({ segments: [aSegment()] }), pending: [CLEARED] });

      expect(withdrawHoldsWaitlist(input, settingsWith())).toEqual([
        { id: 7, reason: 'the segment is no longer in the booking' },
      ]);
    });

    it('should keep an alert that names no segment, as it cannot tell which one moved', () => {
      const unnamed = { ...CLEARED, segmentIds: [] };
      const input = anInput({ current: aBooking({ segments: [aSegment()] }), pending: [unnamed] });

      expect(withdrawHoldsWaitlist(input, settingsWith())).toEqual([]);
    });

    it("should keep an airline's reply while it stands, complete it once moved to HL", () => {
      expect(withdrawn(REPLIED_US, 'US')).toEqual([]);
      expect(withdrawn(REPLIED_US, 'HL')).toEqual([
        { id: 7, reason: `${FLIGHT} is waitlisted (HL)` },
      ]);
    });

    it('should keep an unanswered request while HN, complete it once the airline answers', () => {
      expect(withdrawn(UNANSWERED, 'HN')).toEqual([]);
      expect(withdrawn(UNANSWERED, 'KK')).toEqual([
        { id: 7, reason: `${FLIGHT} is confirmed by the airline (KK)` },
      ]);
    });

    it("should complete every waitlist alert of a cancelled booking, and leave other types' alone", () => {
      const other = aPending({ id: 8, type: 'Reschedule', dedupeKey: 'SC:x', segmentIds: ['s2'] });
      const input = anInput({
        current: { ...withStatus('KL'), isCancelled: true },
        pending: [CLEARED, other],
      });

      expect(withdrawHoldsWaitlist(input, settingsWith())).toEqual([
        { id: 7, reason: 'the booking is cancelled' },
      ]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { GdsSegment } from '@/gds/gds-types';
import { detectSegmentRemoval } from './segment-removal';
import { aBooking, anInput, aPending, aSegment, settingsWith } from './testing/booking-builder';

const withSecond = (status: GdsSegment['status'], over: Parameters<typeof aBooking>[0] = {}) =>
  anInput({
    current: aBooking({
      segments: [aSegment(), aSegment({ id: 's2', flightNumber: '007', flightClass: 'M', status })],
      ...over,
    }),
  });

describe('detectSegmentRemoval', () => {
  it.each([
    ['HX', 'cancelled by the airline'],
    ['NO', 'no action taken'],
    ['UC', 'unable to confirm'],
  ] as const)('should raise a %s segment left in the booking', (status, meaning) => {
    const [candidate, ...rest] = detectSegmentRemoval(withSecond(status), settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'SegmentRemoval',
      group: 'ADM',
      title: 'Inactive segment',
      titleMessage: `Remove ${status} flight LY007 TLV-JFK on 08/03/2026 10:00`,
      alerts: [
        {
          text: `Flight LY007 TLV-JFK on 08/03/2026 10:00 is ${status} (${meaning}): remove it to avoid an ADM`,
        },
        { text: 'Remove it by 07/03/2026 10:00' },
      ],
      dedupeKey: `C:s2:${status}`,
      segmentIds: ['s2'],
      segmentClasses: ['M'],
      remarks: ['CUSTOMER PREFERS AISLE'],
    });
  });

  it('should name the inactive flight by its own local day and time when it leaves at 23:30 a day after the kept one', () => {
    // The demo's waitlist beside a booked flight: the same flight a day later, now UC.
    const dl469 = { airline: 'DL', flightNumber: '469', to: 'ATL' };
    const kept = aSegment({ ...dl469, departure: '2027-01-14 23:30' });
    const waitlist = aSegment({ ...dl469, id: 's2', departure: '2027-01-15 23:30', status: 'UC' });
    const input = anInput({ current: aBooking({ segments: [kept, waitlist] }) });

    const [candidate] = detectSegmentRemoval(input, settingsWith());

    expect(candidate?.titleMessage).toBe('Remove UC flight DL469 TLV-ATL on 15/01/2027 23:30');
    // Both are shown: the kept one first (the card's booking line), then the one to remove,
    // marked as the one the alert is about (issue 38).
    expect(candidate?.data.flights.map((f) => [f.departure, f.status, f.alerted])).toEqual([
      ['2027-01-14 23:30', 'HK', undefined],
      ['2027-01-15 23:30', 'UC', true],
    ]);
  });

  // US, UU, TL and TN are live waitlists or requests (the waitlist detector's): removing one
  // would delete it.
  it.each([
    'UN',
    'HK',
    'TK',
    'HL',
    'KL',
    'KK',
    'US',
    'UU',
    'TL',
    'TN',
    'SC',
    'HN',
    'GK',
    'WK',
  ] as const)('should raise nothing when the segment is %s', (status) => {
    expect(detectSegmentRemoval(withSecond(status), settingsWith())).toEqual([]);
  });

  describe('as departure nears', () => {
    // The default flight leaves TLV 2026-03-08 10:00, 08:00 UTC; the default limit is 24 hours
    // before, 10:00 by the airport's clock.
    const at = (iso: string, over: Parameters<typeof anInput>[0] = {}) => ({
      ...withSecond('HX'),
      now: new Date(iso),
      ...over,
    });

    it('should ask for removal by the limit while there is time, a minute before it', () => {
      const [candidate] = detectSegmentRemoval(at('2026-03-07T07:59:00Z'), settingsWith());

      expect(candidate?.dedupeKey).toBe('C:s2:HX');
    });

    it('should raise it again, sharper, from the limit on, in place of the first', () => {
      const input = {
        ...at('2026-03-07T08:00:00Z'),
        pending: [aPending({ id: 8, type: 'SegmentRemoval', dedupeKey: 'C:s2:HX' })],
      };

      const [candidate, ...rest] = detectSegmentRemoval(input, settingsWith());

      expect(rest).toEqual([]);
      expect(candidate).toMatchObject({
        titleMessage: 'Remove HX flight LY007 TLV-JFK on 08/03/2026 10:00 now',
        dedupeKey: 'C:s2:HX:late',
        supersedes: [8],
      });
      expect(candidate?.alerts[1]).toEqual({
        text: 'Departure in 24 hours: past the 24-hour limit (07/03/2026 10:00), the airline may charge an ADM',
      });
    });

    it("should give the limit on the airport's clock when the clocks change in between", () => {
      // Israel moves to summer time at 02:00 on 27 March 2026: 24 hours before 10:00 that
      // morning (07:00 UTC) is 09:00 the day before.
      const input = anInput({
        current: aBooking({
          segments: [
            aSegment({ departure: '2026-03-27 10:00' }),
            aSegment({ id: 's2', departure: '2026-03-27 10:00', status: 'HX' }),
          ],
        }),
      });

      const [candidate] = detectSegmentRemoval(input, settingsWith());

      expect(candidate?.alerts[1]).toEqual({ text: 'Remove it by 26/03/2026 09:00' });
    });

    it("should follow the branch's own lead time", () => {
      const settings = settingsWith({ segmentRemoval: { removeByHours: 48 } });

      const [candidate] = detectSegmentRemoval(at('2026-03-06T08:00:00Z'), settings);

      expect(candidate?.dedupeKey).toBe('C:s2:HX:late');
    });
  });

  it('should raise one candidate per inactive segment', () => {
    const input = anInput({
      current: aBooking({
        segments: [
          aSegment(),
          aSegment({ id: 's2', status: 'HX' }),
          aSegment({ id: 's3', status: 'UC' }),
        ],
      }),
    });

    expect(detectSegmentRemoval(input, settingsWith()).map((c) => c.dedupeKey)).toEqual([
      'C:s2:HX',
      'C:s3:UC',
    ]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    expect(detectSegmentRemoval(withSecond('HX', { isCancelled: true }), settingsWith())).toEqual(
      [],
    );
  });

  it('should raise nothing for an inactive segment whose departure has passed', () => {
    const input = { ...withSecond('HX'), now: new Date('2026-03-08T10:01:00Z') };

    expect(detectSegmentRemoval(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the process is disabled', () => {
    const settings = settingsWith({ segmentRemoval: { enabled: false } });

    expect(detectSegmentRemoval(withSecond('HX'), settings)).toEqual([]);
  });

  it('should give the same dedupe keys when the same input is checked twice', () => {
    const keys = () =>
      detectSegmentRemoval(withSecond('NO'), settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
  });
});

describe('detectSegmentRemoval on a booking that lapsed at its time limit', () => {
  const lapsed = (over: Parameters<typeof aBooking>[0] = {}) =>
    anInput({
      current: aBooking({
        lastPurchaseAt: '2026-03-01T07:59:00.000Z',
        segments: [aSegment({ status: 'HX' }), aSegment({ id: 's2', status: 'HX' })],
        ...over,
      }),
    });

  it('should raise nothing per segment: the deadline alert names them', () => {
    expect(detectSegmentRemoval(lapsed(), settingsWith())).toEqual([]);
  });

  it('should raise each segment when the booking is ticketed after all', () => {
    expect(detectSegmentRemoval(lapsed({ isTicketed: true }), settingsWith())).toHaveLength(2);
  });

  it('should raise each segment when the branch does not raise ticketing alerts', () => {
    const settings = settingsWith({ ticketingDue: { enabled: false } });

    expect(detectSegmentRemoval(lapsed(), settings)).toHaveLength(2);
  });

  it("should raise each segment at the deadline's minute until the airline has cancelled", () => {
    const atDeadline = (status: GdsSegment['status']) => ({
      ...lapsed({ segments: [aSegment({ status }), aSegment({ id: 's2', status })] }),
      now: new Date('2026-03-01T07:59:00.000Z'),
    });

    expect(detectSegmentRemoval(atDeadline('UC'), settingsWith())).toHaveLength(2);
    expect(detectSegmentRemoval(atDeadline('HX'), settingsWith())).toEqual([]);
  });
});

describe('detectSegmentRemoval beside a pending deadline-passed alert', () => {
  it('should raise nothing while the lapsed booking’s alert is pending, even once its time limit is gone', () => {
    // The time limit line left the PNR when its first flight's time came (as the simulator does).
    const input = anInput({
      current: aBooking({ lastPurchaseAt: null, segments: [aSegment({ status: 'HX' })] }),
      pending: [
        aPending({
          id: 4,
          type: 'TicketingDue',
          dedupeKey: 'TD:2026-03-01T07:59:00.000Z:passed:HX',
        }),
      ],
    });

    expect(detectSegmentRemoval(input, settingsWith())).toEqual([]);
    expect(detectSegmentRemoval({ ...input, pending: [] }, settingsWith())).toHaveLength(1);
  });
});

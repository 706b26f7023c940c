import { describe, expect, it } from 'vitest';
import type { SegmentHistoryEntry } from '@/gds/gds-types';
import { CHURN_WINDOW_DAYS, detectChurning } from './churning';
import {
  aBooking,
  anInput,
  aPending,
  aSegment,
  aTraveller,
  NOW,
  settingsWith,
} from './testing/booking-builder';

const entry = (over: Partial<SegmentHistoryEntry> = {}): SegmentHistoryEntry => ({
  at: '2026-02-01T09:00:00.000Z',
  action: 'CANCELLED',
  airline: 'LY',
  flightNumber: '315',
  from: 'TLV',
  to: 'JFK',
  departure: '2026-03-08 10:00',
  ...over,
});
const sold = entry({ action: 'SOLD' });
const withHistory = (history: SegmentHistoryEntry[], over: Parameters<typeof aBooking>[0] = {}) =>
  anInput({ current: aBooking({ history, ...over }) });

describe('detectChurning', () => {
  it('should raise nothing at the 2nd cancellation: the default counts from the 3rd', () => {
    expect(detectChurning(withHistory([sold, entry(), sold, entry()]), settingsWith())).toEqual([]);
  });

  it('should raise at the 3rd cancellation of the same flight and day', () => {
    const input = withHistory([sold, entry(), sold, entry(), sold, entry(), sold]);

    const [candidate, ...rest] = detectChurning(input, settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'Churning',
      group: 'ADM',
      title: 'Churning',
      titleMessage: 'LY315 on 08/03/2026 10:00 cancelled 3 times',
      alerts: [
        {
          text: 'Flight LY315 on 08/03/2026 10:00 was booked and cancelled 3 times: the airline may charge an ADM for churning',
        },
      ],
      dedupeKey: 'ADM:LY315:2026-03-08:3',
      segmentIds: ['s1'],
      segmentClasses: ['Y'],
      supersedes: [],
    });
  });

  it('should replace the pending alert of the 3rd cancellation when a 4th comes', () => {
    const input = anInput({
      current: aBooking({ history: [entry(), entry(), entry(), entry()] }),
      pending: [
        aPending({ id: 31, type: 'Churning', dedupeKey: 'ADM:LY315:2026-03-08:3' }),
        aPending({ id: 32, type: 'Churning', dedupeKey: 'ADM:LY316:2026-03-08:3' }),
        aPending({ id: 33, type: 'SegmentRemoval', dedupeKey: 'ADM:LY315:2026-03-08:1' }),
      ],
    });

    const candidates = detectChurning(input, settingsWith());

    expect(candidates.map((c) => [c.dedupeKey, c.supersedes])).toEqual([
      ['ADM:LY315:2026-03-08:4', [31]],
    ]);
  });

  it("should follow the branch's own threshold", () => {
    const settings = settingsWith({ churning: { minCancellations: 2 } });
    expect(detectChurning(withHistory([entry(), entry()]), settings)).toHaveLength(1);
    expect(detectChurning(withHistory([entry()]), settings)).toEqual([]);
  });

  it('should count each flight and departure date apart', () => {
    const input = withHistory([
      entry(),
      entry(),
      entry({ departure: '2026-03-09 10:00' }),
      entry({ flightNumber: '317' }),
      entry({ departure: '2026-03-08 22:00' }),
      entry({ airline: 'UA', flightNumber: '90' }),
      entry({ airline: 'UA', flightNumber: '90' }),
      entry({ airline: 'UA', flightNumber: '90' }),
    ]);

    const candidates = detectChurning(input, settingsWith());

    expect(candidates.map((c) => c.dedupeKey)).toEqual([
      'ADM:LY315:2026-03-08:3',
      'ADM:UA90:2026-03-08:3',
    ]);
    expect(candidates[1]?.segmentIds).toEqual([]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = withHistory([entry(), entry()], { isCancelled: true });

    expect(detectChurning(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing once every flight has flown', () => {
    const input = { ...withHistory([entry(), entry()]), now: new Date('2026-03-09T00:00:00Z') };

    expect(detectChurning(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the process is disabled', () => {
    const settings = settingsWith({ churning: { enabled: false } });

    expect(detectChurning(withHistory([entry(), entry()]), settings)).toEqual([]);
  });

  it('should give the same dedupe keys when the same input is checked twice', () => {
    const input = withHistory([entry(), entry()]);
    const keys = () => detectChurning(input, settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
  });

  describe('across PNRs (docs/decisions/063)', () => {
    // Cancelled and made again in a new PNR, as deadlines are stretched: the window's edge.
    const windowStart = new Date(NOW.getTime() - CHURN_WINDOW_DAYS * 86_400_000);
    const cancelledPnr = (over: Parameters<typeof aTraveller>[0] = {}) =>
      aTraveller({
        isCancelled: true,
        createdAt: '2026-02-20T09:00:00.000Z',
        history: [sold, entry(), sold, entry()],
        ...over,
      });
    const rebooked = (
      travellers: ReturnType<typeof aTraveller>[],
      history = [sold, entry(), sold],
    ) => anInput({ current: aBooking({ history }), travellers });

    it("should count the same passenger's cancellations of the flight and day in another PNR", () => {
      const [candidate, ...rest] = detectChurning(rebooked([cancelledPnr()]), settingsWith());

      expect(rest).toEqual([]);
      expect(candidate).toMatchObject({
        type: 'Churning',
        titleMessage: 'LY315 on 08/03/2026 10:00 cancelled 3 times across PNRs ABC123, XYZ789',
        alerts: [
          {
            text: 'Flight LY315 on 08/03/2026 10:00 was booked and cancelled 3 times across PNRs ABC123, XYZ789: the airline may charge an ADM for churning',
          },
        ],
        dedupeKey: 'ADM:LY315:2026-03-08:3',
        segmentIds: ['s1'],
      });
    });

    it('should raise when the PNR that rebooked has no cancellation of its own', () => {
      const other = cancelledPnr({ history: [entry(), entry(), entry()] });

      expect(detectChurning(rebooked([other], []), settingsWith())).toMatchObject([
        { titleMessage: 'LY315 on 08/03/2026 10:00 cancelled 3 times across PNRs ABC123, XYZ789' },
      ]);
    });

    it('should count a cancelled PNR made at the start of the window, and not one made before', () => {
      const atEdge = cancelledPnr({ createdAt: windowStart.toISOString() });
      const before = cancelledPnr({ createdAt: new Date(windowStart.getTime() - 1).toISOString() });

      expect(detectChurning(rebooked([atEdge]), settingsWith())).toHaveLength(1);
      expect(detectChurning(rebooked([before]), settingsWith())).toEqual([]);
    });

    it("should count a live PNR's cancellations of the flight whenever it was made", () => {
      const live = cancelledPnr({ isCancelled: false, createdAt: '2025-06-01T09:00:00.000Z' });

      expect(detectChurning(rebooked([live]), settingsWith())).toHaveLength(1);
    });

    it('should not count another passenger, another day of the flight or another flight', () => {
      const someoneElse = cancelledPnr({ passengers: [{ firstName: 'Ruth', lastName: 'Cohen' }] });
      const nextDay = cancelledPnr({
        history: [
          entry({ departure: '2026-03-09 10:00' }),
          entry({ departure: '2026-03-09 10:00' }),
        ],
      });
      const otherFlight = cancelledPnr({
        history: [entry({ flightNumber: '316' }), entry({ flightNumber: '316' })],
      });

      for (const other of [someoneElse, nextDay, otherFlight]) {
        expect(detectChurning(rebooked([other]), settingsWith())).toEqual([]);
      }
    });

    it('should count a PNR let lapse at its time limit (HX) as a cancellation, once', () => {
      const lapsed = aTraveller({
        history: [sold, entry(), sold],
        segments: [aSegment({ status: 'HX' })],
      });
      const cancelledByTheAgent = cancelledPnr({
        history: [sold, entry()],
        segments: [aSegment({ status: 'HX' })],
      });

      expect(detectChurning(rebooked([lapsed]), settingsWith())).toMatchObject([
        { dedupeKey: 'ADM:LY315:2026-03-08:3' },
      ]);
      // Its HX is the agent's cancellation, already in its history: counted once.
      expect(detectChurning(rebooked([cancelledByTheAgent]), settingsWith())).toEqual([]);
    });

    it('should match the passenger by name whatever the case and punctuation', () => {
      const spelt = cancelledPnr({ passengers: [{ firstName: 'DAN', lastName: 'COHEN' }] });

      expect(detectChurning(rebooked([spelt]), settingsWith())).toHaveLength(1);
    });

    it('should count other PNRs only for a flight this booking holds ahead', () => {
      const gone = anInput({
        current: aBooking({ history: [sold, entry()], segments: [aSegment({ status: 'HX' })] }),
        travellers: [cancelledPnr()],
      });

      expect(detectChurning(gone, settingsWith())).toEqual([]);
    });
  });
});

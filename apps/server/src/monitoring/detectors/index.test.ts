import { describe, expect, it } from 'vitest';
import { flightDataOf } from '@/monitoring/notification-data-of';
import { NotificationType } from '@smt/shared';
import { detectAll, DETECTOR_MODULES, withdrawAll } from './index';
import {
  aBooking,
  aFare,
  ALL_OFF,
  anInput,
  aPending,
  aSegment,
  settingsWith,
} from './testing/booking-builder';
import type { GdsSegment } from '@/gds/gds-types';
import type { CheckInput } from './detector';

const cancel = {
  at: '2026-02-01T09:00:00.000Z',
  action: 'CANCELLED',
  airline: 'LY',
  flightNumber: '315',
  from: 'TLV',
  to: 'JFK',
  departure: '2026-03-08 10:00',
} as const;

// One check in which every process has something to say.
const busy = (): CheckInput => {
  const base = aBooking({
    segments: [
      aSegment(),
      aSegment({ id: 's2', from: 'JFK', to: 'LAX', departure: '2026-03-09 10:00', status: 'HL' }),
      aSegment({ id: 's3', from: 'LAX', to: 'SFO', departure: '2026-03-10 10:00', status: 'HK' }),
    ],
  });
  return anInput({
    previous: base,
    current: aBooking({
      segments: [
        aSegment({ departure: '2026-03-08 12:00', arrival: '2026-03-08 17:00', status: 'TK' }),
        aSegment({ id: 's2', from: 'JFK', to: 'LAX', departure: '2026-03-09 10:00', status: 'KL' }),
        aSegment({ id: 's3', from: 'LAX', to: 'SFO', departure: '2026-03-10 10:00', status: 'HX' }),
      ],
      lastPurchaseAt: '2026-03-02T08:00:00.000Z',
      history: [cancel, cancel, cancel],
    }),
    offers: [aFare({ total: 900 })],
    // An earlier booking of the agency holds the same passenger on the first flight.
    others: [
      {
        locator: 'XYZ789',
        createdAt: '2026-01-20T09:00:00.000Z',
        passengers: [{ firstName: 'Dan', lastName: 'Cohen' }],
        segments: [
          { airline: 'LY', flightNumber: '315', departure: '2026-03-08 12:00', status: 'HK' },
        ],
      },
    ],
  });
};

// ALL_OFF predates the duplicates setting, which the ADM process switches with churning.
const EVERYTHING_OFF = { ...ALL_OFF, duplicates: { enabled: false } };

describe('detectAll', () => {
  it.each(NotificationType.options)(
    'should have a detector module for %s, of that type',
    (type) => {
      expect(DETECTOR_MODULES[type]?.type).toBe(type);
    },
  );

  it('should have no detector module for a type the shared package does not name', () => {
    expect(Object.keys(DETECTOR_MODULES).sort()).toEqual([...NotificationType.options].sort());
  });

  it('should gather the candidates of every process', () => {
    const types = detectAll(busy(), settingsWith()).map((c) => c.type);

    expect(types.sort()).toEqual([
      'Churning',
      'DuplicateBooking',
      'HoldsWaitlist',
      'Reprice',
      'Reschedule',
      'SegmentRemoval',
      'TicketingDue',
    ]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = busy();

    expect(
      detectAll({ ...input, current: { ...input.current, isCancelled: true } }, settingsWith()),
    ).toEqual([]);
  });

  it('should go on watching the flights ahead once the first has left, without reprice or deadline', () => {
    // The outbound left at 10:00 UTC; the JFK-LAX waitlist cleared and LAX-SFO went HX ahead.
    const input = busy();
    const types = detectAll(
      {
        ...input,
        current: { ...input.current, isTicketed: true },
        now: new Date('2026-03-08T12:01:00Z'),
      },
      settingsWith(),
    );

    expect(types.map((c) => c.type).sort()).toEqual([
      'Churning',
      'HoldsWaitlist',
      'SegmentRemoval',
    ]);
  });

  it('should raise a re-timed return and an HX on it after the outbound has flown', () => {
    const outbound = aSegment();
    const home = (over: Partial<GdsSegment> = {}) =>
      aSegment({
        id: 's2',
        from: 'JFK',
        to: 'LHR',
        departure: '2026-03-15 10:00',
        arrival: '2026-03-15 22:00',
        ...over,
      });
    const onward = (status: GdsSegment['status']) =>
      aSegment({
        id: 's3',
        from: 'LHR',
        to: 'TLV',
        departure: '2026-03-16 09:00',
        arrival: '2026-03-16 16:00',
        status,
      });
    const input = anInput({
      previous: aBooking({ segments: [outbound, home(), onward('HK')], isTicketed: true }),
      current: aBooking({
        segments: [
          outbound,
          home({ departure: '2026-03-15 15:00', arrival: '2026-03-16 03:00', status: 'TK' }),
          onward('HX'),
        ],
        isTicketed: true,
      }),
      now: new Date('2026-03-10T12:00:00Z'),
    });

    const raised = detectAll(input, settingsWith());

    expect(raised.map((c) => [c.type, c.titleMessage])).toEqual([
      ['SegmentRemoval', 'Remove HX flight LY315 LHR-TLV on 16/03/2026 09:00'],
      ['Reschedule', 'Flight LY315 departs 5 hours later'],
    ]);
  });

  it('should raise nothing once every flight has flown', () => {
    expect(detectAll({ ...busy(), now: new Date('2026-03-11T00:00:00Z') }, settingsWith())).toEqual(
      [],
    );
  });

  it('should raise nothing when every process is disabled', () => {
    expect(detectAll(busy(), EVERYTHING_OFF)).toEqual([]);
  });

  it('should give the same dedupe keys when the same input is checked twice', () => {
    const keys = () => detectAll(busy(), settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
  });

  it('should leave no common field empty on any candidate', () => {
    for (const candidate of detectAll(busy(), settingsWith())) {
      expect(candidate.alerts.length).toBeGreaterThan(0);
      expect(candidate.remarks).toEqual(['CUSTOMER PREFERS AISLE']);
      expect(candidate.lastPurchaseDate).toBe('2026-03-02T08:00:00.000Z');
      expect(candidate.data.pnr.id).toBe('ABC123');
      expect(candidate.segmentClasses).toHaveLength(candidate.segmentIds.length);
    }
  });
});

describe('withdrawAll', () => {
  it('should list a reverted schedule change once', () => {
    const original = aSegment();
    const input = anInput({
      previous: aBooking({ segments: [aSegment({ departure: '2026-03-08 12:00' })] }),
      current: aBooking({ segments: [original] }),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(original)],
        }),
      ],
    });

    expect(withdrawAll(input, settingsWith())).toEqual([
      { id: 5, reason: 'the airline took the change back' },
    ]);
    expect(detectAll(input, settingsWith()).filter((c) => c.type === 'Reschedule')).toEqual([]);
  });

  it('should withdraw nothing when every process is disabled', () => {
    expect(withdrawAll(busy(), EVERYTHING_OFF)).toEqual([]);
  });
});

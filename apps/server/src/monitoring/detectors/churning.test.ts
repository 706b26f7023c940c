import { describe, expect, it } from 'vitest';
import type { SegmentHistoryEntry } from '@/gds/gds-types';
import { detectChurning } from './churning';
import { aBooking, anInput, settingsWith } from './testing/booking-builder';

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
  it('should raise when a flight is cancelled the configured number of times', () => {
    const input = withHistory([sold, entry(), sold, entry(), sold]);

    const [candidate, ...rest] = detectChurning(input, settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'Churning',
      group: 'ADM',
      title: 'Churning',
      titleMessage: 'LY315 on 08/03/2026 10:00 cancelled 2 times',
      alerts: [
        {
          text: 'Flight LY315 on 08/03/2026 10:00 was booked and cancelled 2 times: the airline may charge an ADM for churning',
        },
      ],
      dedupeKey: 'ADM:LY315:2026-03-08:2',
      segmentIds: ['s1'],
      segmentClasses: ['Y'],
    });
  });

  it('should raise nothing when the flight is cancelled fewer times than configured', () => {
    expect(detectChurning(withHistory([sold, entry(), sold]), settingsWith())).toEqual([]);
    const settings = settingsWith({ churning: { minCancellations: 3 } });
    expect(detectChurning(withHistory([entry(), entry()]), settings)).toEqual([]);
  });

  it('should count the cancellations in the key so another one is news', () => {
    const keys = detectChurning(withHistory([entry(), entry(), entry()]), settingsWith()).map(
      (c) => c.dedupeKey,
    );

    expect(keys).toEqual(['ADM:LY315:2026-03-08:3']);
  });

  it('should count each flight and departure date apart', () => {
    const input = withHistory([
      entry(),
      entry({ departure: '2026-03-09 10:00' }),
      entry({ flightNumber: '317' }),
      entry({ departure: '2026-03-08 22:00' }),
      entry({ airline: 'UA', flightNumber: '90' }),
      entry({ airline: 'UA', flightNumber: '90' }),
    ]);

    const candidates = detectChurning(input, settingsWith());

    expect(candidates.map((c) => c.dedupeKey)).toEqual([
      'ADM:LY315:2026-03-08:2',
      'ADM:UA90:2026-03-08:2',
    ]);
    expect(candidates[1]?.segmentIds).toEqual([]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = withHistory([entry(), entry()], { isCancelled: true });

    expect(detectChurning(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking has departed', () => {
    const input = { ...withHistory([entry(), entry()]), now: new Date('2026-03-08T10:01:00Z') };

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
});

import { describe, expect, it } from 'vitest';
import type { GdsSegment } from '@/gds/gds-types';
import { detectHoldsWaitlist } from './holds-waitlist';
import { aBooking, anInput, aSegment, settingsWith } from './testing/booking-builder';

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

  it('should raise nothing when a KL segment was not waitlisted before', () => {
    expect(detectHoldsWaitlist(moving('HK', 'KL'), settingsWith())).toEqual([]);
    expect(detectHoldsWaitlist(moving('KL', 'KL'), settingsWith())).toEqual([]);
  });

  it('should raise nothing when there is no snapshot to compare with', () => {
    const input = anInput({ previous: null, current: withStatus('KL') });

    expect(detectHoldsWaitlist(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = { ...moving('HL', 'KL'), current: { ...withStatus('KL'), isCancelled: true } };

    expect(detectHoldsWaitlist(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking has departed', () => {
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
});

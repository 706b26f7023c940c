import { describe, expect, it } from 'vitest';
import { aBooking, aSegment } from '@/monitoring/detectors/testing/booking-builder';
import { removalPremiseChanged } from './notification-operations.messages';

describe('removalPremiseChanged', () => {
  const booking = aBooking({
    segments: [
      aSegment(),
      aSegment({ id: 's2', status: 'UC', departure: '2026-03-09 10:00' }),
      aSegment({ id: 's3', status: 'HX', departure: '2026-03-10 10:00' }),
    ],
  });

  it('should let the removal go on when every segment named is there and still inactive', () => {
    expect(removalPremiseChanged(booking, ['s2', 's3'])).toBeNull();
  });

  it('should say the segment is gone when the PNR no longer holds it', () => {
    expect(removalPremiseChanged(booking, ['gone'])).toBe(
      'The segment to remove is no longer in the PNR: nothing was removed',
    );
    expect(removalPremiseChanged(booking, ['s2', 'gone'])).toBe(
      '1 of the 2 segments to remove is no longer in the PNR: nothing was removed',
    );
    expect(removalPremiseChanged(booking, ['gone', 'left'])).toBe(
      'The 2 segments to remove are no longer in the PNR: nothing was removed',
    );
  });

  it('should name the flight that holds a seat again when the airline confirmed it', () => {
    const confirmed = aBooking({
      segments: [aSegment(), aSegment({ id: 's2', status: 'HK', departure: '2026-03-09 10:00' })],
    });

    expect(removalPremiseChanged(confirmed, ['s2'])).toBe(
      'Flight LY315 TLV-JFK on 09/03/2026 10:00 is now HK (holds confirmed): it was not removed',
    );
  });
});

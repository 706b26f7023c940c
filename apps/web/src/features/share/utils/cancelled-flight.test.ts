import type { PublicSegment } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { isCancelledFlight } from './cancelled-flight';

const segment = (status: string): PublicSegment => ({
  origin: 'TLV',
  dest: 'LHR',
  departureDate: '2026-04-10 08:00',
  status,
});

describe('isCancelledFlight', () => {
  it('should be cancelled when nothing replaced it and every old segment is UN', () => {
    expect(isCancelledFlight({ flightNumber: 'LY315', prevSegments: [segment('UN')] })).toBe(true);
    expect(
      isCancelledFlight({ flightNumber: 'LY315', prevSegments: [segment('UN')], currSegments: [] }),
    ).toBe(true);
  });

  it('should not be cancelled when a current segment replaced it', () => {
    expect(
      isCancelledFlight({
        flightNumber: 'LY315',
        prevSegments: [segment('UN')],
        currSegments: [segment('TK')],
      }),
    ).toBe(false);
  });

  it('should not be cancelled when an old segment is still confirmed', () => {
    expect(
      isCancelledFlight({ flightNumber: 'LY315', prevSegments: [segment('UN'), segment('HK')] }),
    ).toBe(false);
  });
});

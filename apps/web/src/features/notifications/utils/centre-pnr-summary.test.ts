import { describe, expect, it } from 'vitest';
import { centrePnrSummaryOf } from './centre-pnr-summary';

describe('centre booking summary', () => {
  it('should split route, flight and time when the summary has the usual form', () => {
    expect(centrePnrSummaryOf('TLV-LHR LY315 2026-12-13 10:00')).toEqual({
      route: 'TLV-LHR',
      flight: 'LY315',
      time: '13/12/2026 10:00',
    });
  });

  it('should keep every leg of the route when the trip has several', () => {
    expect(centrePnrSummaryOf('TLV-FRA-JFK LH691 2026-03-01 06:05')).toEqual({
      route: 'TLV-FRA-JFK',
      flight: 'LH691',
      time: '01/03/2026 06:05',
    });
  });

  it('should rewrite only its dates when the summary has another form', () => {
    expect(centrePnrSummaryOf('Hotel stay 2026-12-13')).toEqual({ text: 'Hotel stay 13/12/2026' });
  });
});

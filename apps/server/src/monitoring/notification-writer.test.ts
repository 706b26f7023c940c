import { describe, expect, it } from 'vitest';
import { detectReprice } from './detectors/reprice';
import { detectSegmentRemoval } from './detectors/segment-removal';
import {
  aBooking,
  aFare,
  aSegment,
  anInput,
  settingsWith,
} from './detectors/testing/booking-builder';
import { notificationRowOf, priceQuoteRowsOf } from './notification-writer';

const BOOKING = { id: 41, agencyId: 2, branchId: 3, agentId: 4 };
const RAISED = new Date('2026-03-01T08:00:00.000Z');

const repriceCandidate = () => {
  const [candidate] = detectReprice(
    anInput({ offers: [aFare({ fareBasis: 'YLOW', total: 880, cmd: 'WPNCB¥QYLOW' })] }),
    settingsWith(),
  );
  if (!candidate) throw new Error('the fixture raised no reprice');
  return candidate;
};

describe('notificationRowOf', () => {
  it('should copy the booking owners and raise the row pending and unread at the given time', () => {
    const row = notificationRowOf(BOOKING, repriceCandidate(), RAISED);

    expect(row).toMatchObject({
      bookingId: 41,
      agencyId: 2,
      branchId: 3,
      agentId: 4,
      type: 'Reprice',
      group: 'REPRICE',
      notificationTime: RAISED,
      createdAt: RAISED,
      updatedAt: RAISED,
      potentialSaving: 120,
      currency: 'USD',
    });
    // Subtype and status are left to the table's defaults: Pending and NEW.
    expect(row.subtype).toBeUndefined();
    expect(row.status).toBeUndefined();
  });

  it("should summarise the first flight and carry the detector's payload and data", () => {
    const candidate = repriceCandidate();
    const row = notificationRowOf(BOOKING, candidate, RAISED);

    expect(row.pnrSummary).toBe('TLV-JFK LY315 2026-03-08 10:00');
    expect(row.contactName).toBe('Dan Cohen');
    expect(row.dedupeKey).toBe(candidate.dedupeKey);
    expect(row.data).toBe(candidate.data);
    expect(row.payload).toEqual({
      alerts: candidate.alerts,
      remarks: ['CUSTOMER PREFERS AISLE'],
      last_purchase_date: null,
      segment_classes: ['Y'],
      segment_ids: ['s1'],
    });
  });

  it('should leave the summary empty when the booking has no active flight', () => {
    const candidate = { ...repriceCandidate() };
    candidate.data = { ...candidate.data, flights: [] };

    expect(notificationRowOf(BOOKING, candidate, RAISED).pnrSummary).toBeNull();
  });

  it('should summarise the flights that hold a seat when the inactive one to remove leaves first', () => {
    const [candidate] = detectSegmentRemoval(
      anInput({
        current: aBooking({
          segments: [
            aSegment({
              id: 's0',
              flightNumber: '007',
              departure: '2026-03-07 10:00',
              status: 'UC',
            }),
            aSegment(),
          ],
        }),
      }),
      settingsWith(),
    );
    if (!candidate) throw new Error('the fixture raised no segment removal');

    // The details show both; the card's booking line is the trip the traveller holds.
    expect(candidate.data.flights.map((flight) => flight.status)).toEqual(['UC', 'HK']);
    expect(notificationRowOf(BOOKING, candidate, RAISED).pnrSummary).toBe(
      'TLV-JFK LY315 2026-03-08 10:00',
    );
  });
});

describe('priceQuoteRowsOf', () => {
  it("should map a reprice's quote to its row under the notification's id", () => {
    const [quote] = priceQuoteRowsOf(7, repriceCandidate());

    expect(quote).toMatchObject({
      notificationId: 7,
      seqNum: 1,
      cmd: 'WPNCB¥QYLOW',
      currentPrice: 1000,
      newPrice: 880,
      currency: 'USD',
      fareConds: { farebasis: 'YLOW', flight_class: 'Y', bag: '1PC' },
    });
  });

  it('should give no rows for a candidate without price quotes', () => {
    const [candidate] = detectSegmentRemoval(
      anInput({ current: aBooking({ segments: [aSegment({ status: 'HX' })] }) }),
      settingsWith(),
    );
    if (!candidate) throw new Error('the fixture raised no segment removal');

    expect(priceQuoteRowsOf(7, candidate)).toEqual([]);
  });
});

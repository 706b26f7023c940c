import { describe, expect, it } from 'vitest';
import { detectTicketingDue, withdrawTicketingDue } from './ticketing-due';
import { aBooking, aPending, aSegment, anInput, settingsWith } from './testing/booking-builder';

// NOW is 01/03/2026 08:00 UTC; the default window is 72 hours.
const dueAt = (lastPurchaseAt: string | null, over: Parameters<typeof aBooking>[0] = {}) =>
  anInput({ current: aBooking({ lastPurchaseAt, ...over }) });

describe('detectTicketingDue', () => {
  it('should raise when the deadline is inside the window', () => {
    const [candidate, ...rest] = detectTicketingDue(
      dueAt('2026-03-01T15:30:00.000Z'),
      settingsWith(),
    );

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'TicketingDue',
      group: 'TICKETING_DUE',
      title: 'Ticketing due',
      titleMessage: 'Issue tickets by 01/03/2026 15:30 UTC',
      alerts: [{ text: 'Ticketing deadline in 7 hours 30 minutes: 01/03/2026 15:30 UTC' }],
      dedupeKey: 'TD:2026-03-01T15:30:00.000Z',
      lastPurchaseDate: '2026-03-01T15:30:00.000Z',
      segmentIds: ['s1'],
      segmentClasses: ['Y'],
      remarks: ['CUSTOMER PREFERS AISLE'],
    });
  });

  it('should raise when the deadline is exactly at the edge of the window', () => {
    expect(detectTicketingDue(dueAt('2026-03-04T08:00:00.000Z'), settingsWith())).toHaveLength(1);
  });

  it('should raise nothing when the deadline is a minute past the window', () => {
    expect(detectTicketingDue(dueAt('2026-03-04T08:01:00.000Z'), settingsWith())).toEqual([]);
  });

  it('should follow the configured window', () => {
    const settings = settingsWith({ ticketingDue: { windowHours: 24 } });

    expect(detectTicketingDue(dueAt('2026-03-02T08:00:00.000Z'), settings)).toHaveLength(1);
    expect(detectTicketingDue(dueAt('2026-03-02T08:01:00.000Z'), settings)).toEqual([]);
  });

  it('should raise when the deadline is now', () => {
    expect(detectTicketingDue(dueAt('2026-03-01T08:00:00.000Z'), settingsWith())).toHaveLength(1);
  });

  it('should give the first alert, not the last call, a minute beyond the last-call hours', () => {
    const [candidate] = detectTicketingDue(dueAt('2026-03-01T14:01:00.000Z'), settingsWith());

    expect(candidate).toMatchObject({
      titleMessage: 'Issue tickets by 01/03/2026 14:01 UTC',
      dedupeKey: 'TD:2026-03-01T14:01:00.000Z',
    });
  });

  it('should give the last call exactly at the last-call hours, in place of the first alert', () => {
    const input = anInput({
      current: aBooking({ lastPurchaseAt: '2026-03-01T14:00:00.000Z' }),
      pending: [
        aPending({ id: 7, type: 'TicketingDue', dedupeKey: 'TD:2026-03-01T14:00:00.000Z' }),
        aPending({ id: 8, type: 'TicketingDue', dedupeKey: 'TD:2026-02-27T14:00:00.000Z' }),
      ],
    });
    const [candidate, ...rest] = detectTicketingDue(input, settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      title: 'Ticketing due',
      titleMessage: 'Last call: issue tickets by 01/03/2026 14:00 UTC',
      alerts: [
        { text: 'Ticketing deadline in 6 hours: 01/03/2026 14:00 UTC' },
        { text: 'Unticketed segments are cancelled by the airline (HX) at the deadline' },
      ],
      dedupeKey: 'TD:2026-03-01T14:00:00.000Z:last',
      supersedes: [7],
    });
  });

  it('should follow the configured last-call hours', () => {
    const settings = settingsWith({ ticketingDue: { lastCallHours: 2 } });
    const keyAt = (deadline: string) =>
      detectTicketingDue(dueAt(deadline), settings).map((c) => c.dedupeKey);

    expect(keyAt('2026-03-01T10:00:00.000Z')).toEqual(['TD:2026-03-01T10:00:00.000Z:last']);
    expect(keyAt('2026-03-01T10:01:00.000Z')).toEqual(['TD:2026-03-01T10:01:00.000Z']);
  });

  it('should say the airline cancelled the segments once the deadline has passed and they are HX, naming each to remove in place of their own alerts', () => {
    const input = anInput({
      current: aBooking({
        lastPurchaseAt: '2026-03-01T07:59:00.000Z',
        segments: [
          aSegment({ status: 'HX' }),
          aSegment({
            id: 's2',
            from: 'JFK',
            to: 'TLV',
            departure: '2026-03-15 18:00',
            status: 'HX',
          }),
        ],
      }),
      pending: [
        aPending({ id: 3, type: 'TicketingDue', dedupeKey: 'TD:2026-03-01T07:59:00.000Z' }),
        aPending({ id: 4, type: 'TicketingDue', dedupeKey: 'TD:2026-03-01T07:59:00.000Z:last' }),
        aPending({ id: 5, type: 'TicketingDue', dedupeKey: 'TD:2026-03-01T07:59:00.000Z:passed' }),
        aPending({ id: 6, type: 'SegmentRemoval', dedupeKey: 'C:s1:HX' }),
      ],
    });
    const [candidate, ...rest] = detectTicketingDue(input, settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      title: 'Ticketing deadline passed',
      titleMessage: 'Not ticketed by 01/03/2026 07:59 UTC',
      alerts: [
        {
          text: 'The airline cancelled the unticketed segments (HX) at the deadline 01/03/2026 07:59 UTC: book again from current availability',
        },
        {
          text: 'Remove LY315 TLV-JFK on 08/03/2026 10:00 (HX), LY315 JFK-TLV on 15/03/2026 18:00 (HX) to avoid an ADM',
        },
      ],
      dedupeKey: 'TD:2026-03-01T07:59:00.000Z:passed:HX',
      segmentIds: ['s1', 's2'],
      supersedes: [3, 4, 5, 6],
    });
  });

  it('should warn that the airline may cancel when the deadline passed and segments still hold', () => {
    const [candidate] = detectTicketingDue(dueAt('2026-03-01T07:59:00.000Z'), settingsWith());

    expect(candidate?.alerts).toEqual([
      {
        text: 'The deadline 01/03/2026 07:59 UTC has passed unticketed: the airline may cancel the segments at any moment',
      },
    ]);
  });

  it('should say the price is held only until the deadline when the held price lapses then', () => {
    const deadline = '2026-03-01T15:30:00.000Z';
    const [candidate] = detectTicketingDue(
      dueAt(deadline, { priceGuaranteeExpiresAt: deadline }),
      settingsWith(),
    );

    expect(candidate).toMatchObject({
      titleMessage: 'Issue tickets by 01/03/2026 15:30 UTC',
      alerts: [
        { text: 'Ticketing deadline in 7 hours 30 minutes: 01/03/2026 15:30 UTC' },
        { text: 'The price is held only until then: issued later, the fare may cost more' },
      ],
    });
  });

  it('should say nothing of the price when it is held a minute beyond the deadline, or not at all', () => {
    const deadline = '2026-03-01T15:30:00.000Z';
    const alertsWith = (priceGuaranteeExpiresAt: string | null) =>
      detectTicketingDue(dueAt(deadline, { priceGuaranteeExpiresAt }), settingsWith())[0]?.alerts;

    expect(alertsWith('2026-03-01T15:31:00.000Z')).toEqual([
      { text: 'Ticketing deadline in 7 hours 30 minutes: 01/03/2026 15:30 UTC' },
    ]);
    expect(alertsWith(null)).toEqual(alertsWith('2026-03-01T15:31:00.000Z'));
  });

  it('should put the held price after the deadline on the last call and once it has passed', () => {
    const lastCall = '2026-03-01T14:00:00.000Z';
    const [last] = detectTicketingDue(
      dueAt(lastCall, { priceGuaranteeExpiresAt: lastCall }),
      settingsWith(),
    );
    const passed = '2026-03-01T07:59:00.000Z';
    const [lapsed] = detectTicketingDue(
      dueAt(passed, { priceGuaranteeExpiresAt: passed }),
      settingsWith(),
    );

    expect(last?.alerts).toEqual([
      { text: 'Ticketing deadline in 6 hours: 01/03/2026 14:00 UTC' },
      { text: 'The price is held only until then: issued later, the fare may cost more' },
      { text: 'Unticketed segments are cancelled by the airline (HX) at the deadline' },
    ]);
    expect(lapsed?.alerts).toEqual([
      {
        text: 'The deadline 01/03/2026 07:59 UTC has passed unticketed: the airline may cancel the segments at any moment',
      },
      { text: 'The price was held only until then: the fare may cost more now' },
    ]);
  });

  it('should raise nothing when the booking is ticketed', () => {
    const input = dueAt('2026-03-02T08:00:00.000Z', { isTicketed: true });

    expect(detectTicketingDue(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when there is no deadline', () => {
    expect(detectTicketingDue(dueAt(null), settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = dueAt('2026-03-02T08:00:00.000Z', { isCancelled: true });

    expect(detectTicketingDue(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing once the first flight has left, its time limit behind the trip', () => {
    const input = { ...dueAt('2026-03-08T12:00:00.000Z'), now: new Date('2026-03-08T08:01:00Z') };

    expect(detectTicketingDue(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the process is disabled', () => {
    const settings = settingsWith({ ticketingDue: { enabled: false } });

    expect(detectTicketingDue(dueAt('2026-03-02T08:00:00.000Z'), settings)).toEqual([]);
  });

  it('should give the same dedupe key when the same input is checked twice', () => {
    const input = dueAt('2026-03-02T08:00:00.000Z');
    const keys = () => detectTicketingDue(input, settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
  });
});

describe('withdrawTicketingDue', () => {
  const pending = [
    aPending({ id: 1, type: 'TicketingDue', dedupeKey: 'TD:2026-03-02T08:00:00.000Z' }),
    aPending({ id: 2, type: 'Reprice', dedupeKey: 'RP:x' }),
  ];

  it('should withdraw the pending ticketing alerts once the booking is ticketed', () => {
    const input = anInput({ current: aBooking({ isTicketed: true }), pending });

    expect(withdrawTicketingDue(input, settingsWith())).toEqual([
      { id: 1, reason: 'the booking is ticketed' },
    ]);
  });

  it('should keep them while the booking is not ticketed', () => {
    const input = anInput({ current: aBooking({ isTicketed: false }), pending });

    expect(withdrawTicketingDue(input, settingsWith())).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { detectTicketingDue } from './ticketing-due';
import { aBooking, anInput, settingsWith } from './testing/booking-builder';

// NOW is 01/03/2026 08:00 UTC; the default window is 72 hours.
const dueAt = (lastPurchaseAt: string | null, over: Parameters<typeof aBooking>[0] = {}) =>
  anInput({ current: aBooking({ lastPurchaseAt, ...over }) });

describe('detectTicketingDue', () => {
  it('should raise when the deadline is inside the window', () => {
    const [candidate, ...rest] = detectTicketingDue(
      dueAt('2026-03-01T13:30:00.000Z'),
      settingsWith(),
    );

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'TicketingDue',
      group: 'TICKETING_DUE',
      title: 'Ticketing due',
      titleMessage: 'Issue tickets by 01/03/2026 13:30 UTC',
      alerts: [{ text: 'Ticketing deadline in 5 hours 30 minutes: 01/03/2026 13:30 UTC' }],
      dedupeKey: 'TD:2026-03-01T13:30:00.000Z',
      lastPurchaseDate: '2026-03-01T13:30:00.000Z',
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

  it('should raise nothing when the deadline has passed', () => {
    expect(detectTicketingDue(dueAt('2026-03-01T07:59:00.000Z'), settingsWith())).toEqual([]);
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

  it('should raise nothing when the booking has departed', () => {
    const input = { ...dueAt('2026-03-08T12:00:00.000Z'), now: new Date('2026-03-08T10:01:00Z') };

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

import { describe, expect, it } from 'vitest';
import {
  canCancelPnr,
  isCancelPnrDisabled,
  isMainActionDisabled,
  keepSwitchLabelOf,
  keepSwitchOpCode,
  mainActionOf,
  repriceBannerOf,
} from './details-rules';

describe('mainActionOf', () => {
  it('should approve with the code of the type when the type has a main action', () => {
    expect(mainActionOf('Reprice')).toEqual({ label: 'Approve', opCode: 'RP' });
    expect(mainActionOf('SegmentRemoval')).toEqual({ label: 'Approve', opCode: 'C' });
    expect(mainActionOf('Reschedule')).toEqual({ label: 'Approve', opCode: 'A' });
  });

  it('should confirm when the notification is a ticketing deadline, churning or a duplicate', () => {
    expect(mainActionOf('TicketingDue')).toEqual({ label: 'Confirm', opCode: 'A' });
    expect(mainActionOf('Churning')).toEqual({ label: 'Confirm', opCode: 'A' });
    expect(mainActionOf('DuplicateBooking')).toEqual({ label: 'Confirm', opCode: 'A' });
  });

  it('should offer none when the notification holds a waitlist', () => {
    expect(mainActionOf('HoldsWaitlist')).toBeNull();
  });
});

describe('isMainActionDisabled', () => {
  const pending = { subtype: 'Pending', readonly: false } as const;

  it('should enable it only when pending, writable and idle', () => {
    expect(isMainActionDisabled(pending, false)).toBe(false);
    expect(isMainActionDisabled(pending, true)).toBe(true);
    expect(isMainActionDisabled({ ...pending, subtype: 'Complete' }, false)).toBe(true);
    expect(isMainActionDisabled({ ...pending, subtype: 'Failed' }, false)).toBe(true);
    expect(isMainActionDisabled({ ...pending, readonly: true }, false)).toBe(true);
  });
});

describe('keep switch', () => {
  it('should exist for reprice and ticketing due only, sending CR on and SR off', () => {
    expect(keepSwitchLabelOf('Reprice')).toBe('Keep repricing');
    expect(keepSwitchLabelOf('TicketingDue')).toBe('Keep alerting');
    expect(keepSwitchLabelOf('Reschedule')).toBeNull();
    expect(keepSwitchOpCode(true)).toBe('CR');
    expect(keepSwitchOpCode(false)).toBe('SR');
  });
});

describe('cancel PNR', () => {
  it('should be offered for ticketing due only and disabled when ticketed or cancelled', () => {
    expect(canCancelPnr('TicketingDue')).toBe(true);
    expect(canCancelPnr('Reprice')).toBe(false);
    expect(isCancelPnrDisabled({ is_ticketed: false, is_cancelled: false })).toBe(false);
    expect(isCancelPnrDisabled({ is_ticketed: true, is_cancelled: false })).toBe(true);
    expect(isCancelPnrDisabled({ is_ticketed: false, is_cancelled: true })).toBe(true);
  });
});

describe('repriceBannerOf', () => {
  it('should be green when a reprice completed', () => {
    expect(repriceBannerOf({ type: 'Reprice', subtype: 'Complete', title: 'Repriced' })).toEqual({
      tone: 'green',
      text: 'Repriced',
    });
  });

  it('should be red when a reprice failed', () => {
    const title = 'The fare is no longer available';
    expect(repriceBannerOf({ type: 'Reprice', subtype: 'Failed', title })?.tone).toBe('red');
  });

  it("should be grey when the title is a 'reprice attempt', whatever its case", () => {
    const attempt = {
      type: 'Reprice',
      subtype: 'Failed',
      title: 'Reprice attempt failed',
    } as const;
    expect(repriceBannerOf(attempt)?.tone).toBe('grey');
    expect(
      repriceBannerOf({ ...attempt, subtype: 'Complete', title: 'REPRICE ATTEMPT' })?.tone,
    ).toBe('grey');
  });

  it('should be absent when the reprice is pending or the notification is another type', () => {
    expect(
      repriceBannerOf({ type: 'Reprice', subtype: 'Pending', title: 'Lower fare' }),
    ).toBeNull();
    expect(repriceBannerOf({ type: 'TicketingDue', subtype: 'Failed', title: 'x' })).toBeNull();
  });
});

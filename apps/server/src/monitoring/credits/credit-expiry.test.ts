import { describe, expect, it } from 'vitest';
import { creditExpiryStep, warningDayOf, type ExpiringCredit } from './credit-expiry';

const WARNING = { enabled: true, warningDays: 30 };

const aCredit = (over: Partial<ExpiringCredit> = {}): ExpiringCredit => ({
  expiresOn: '2026-12-31',
  warnedAt: null,
  ...over,
});

describe('creditExpiryStep', () => {
  it('should warn when the credit expires exactly the warning days ahead', () => {
    expect(creditExpiryStep(aCredit(), '2026-12-01', WARNING)).toBe('warn');
  });

  it('should not warn yet when the credit expires one day past the warning days', () => {
    expect(creditExpiryStep(aCredit({ expiresOn: '2027-01-01' }), '2026-12-01', WARNING)).toBe(
      'wait',
    );
  });

  it('should warn when the warning day has passed without a warning', () => {
    expect(creditExpiryStep(aCredit(), '2026-12-20', WARNING)).toBe('warn');
  });

  it('should warn on the last day itself', () => {
    expect(creditExpiryStep(aCredit(), '2026-12-31', WARNING)).toBe('warn');
  });

  it('should warn only once when the credit was warned of already', () => {
    const warned = aCredit({ warnedAt: new Date('2026-12-01T00:05:00Z') });

    expect(creditExpiryStep(warned, '2026-12-02', WARNING)).toBe('wait');
  });

  it('should never warn of or expire a credit with no expiry', () => {
    const open = aCredit({ expiresOn: null });

    expect(creditExpiryStep(open, '2026-12-01', WARNING)).toBe('wait');
    expect(creditExpiryStep(open, '2099-01-01', WARNING)).toBe('wait');
  });

  it('should keep the credit open through its last day and expire it the day after', () => {
    expect(creditExpiryStep(aCredit({ warnedAt: new Date() }), '2026-12-31', WARNING)).toBe('wait');
    expect(creditExpiryStep(aCredit({ warnedAt: new Date() }), '2027-01-01', WARNING)).toBe(
      'expire',
    );
  });

  it('should expire a credit never warned of once its last day is behind', () => {
    expect(creditExpiryStep(aCredit(), '2027-01-01', WARNING)).toBe('expire');
  });

  it("should not warn when the branch's warnings are off, and still expire", () => {
    const off = { enabled: false, warningDays: 30 };

    expect(creditExpiryStep(aCredit(), '2026-12-15', off)).toBe('wait');
    expect(creditExpiryStep(aCredit(), '2027-01-01', off)).toBe('expire');
  });

  it("should follow the branch's warning days", () => {
    const week = { enabled: true, warningDays: 7 };

    expect(creditExpiryStep(aCredit(), '2026-12-23', week)).toBe('wait');
    expect(creditExpiryStep(aCredit(), '2026-12-24', week)).toBe('warn');
  });

  it('should count the warning days across a month and a leap day', () => {
    expect(warningDayOf('2028-03-15', 30)).toBe('2028-02-14');
    expect(warningDayOf('2027-01-10', 30)).toBe('2026-12-11');
    expect(warningDayOf('2026-12-31', 0)).toBe('2026-12-31');
  });
});

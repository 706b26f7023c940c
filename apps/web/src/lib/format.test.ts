import { describe, expect, it } from 'vitest';
import { currencySymbol, formatFlightTime, formatFlooredMoney, formatMoney } from '@/lib/format';

describe('formatFlightTime', () => {
  it('should rearrange a local flight time without moving it through a time zone', () => {
    expect(formatFlightTime('2026-12-03 23:45')).toBe('03/12/2026 23:45');
    expect(formatFlightTime('2026-12-03')).toBe('03/12/2026');
  });

  it('should leave text that is not a flight time as it is', () => {
    expect(formatFlightTime('soon')).toBe('soon');
  });

  it('should keep a 23:30 flight on its day when the browser is far ahead of or behind UTC', () => {
    const zone = process.env.TZ;
    try {
      for (const browserZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Jerusalem']) {
        process.env.TZ = browserZone;
        expect(formatFlightTime('2027-01-14 23:30')).toBe('14/01/2027 23:30');
        expect(formatFlightTime('2027-01-15 00:10')).toBe('15/01/2027 00:10');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('money', () => {
  it('should show a currency by its symbol with two decimals', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(12, 'XYZ')).toBe('12.00 XYZ');
  });

  it('should round reprice amounts down to whole units', () => {
    expect(formatFlooredMoney(1234.99, 'USD')).toBe('$1,234');
    expect(formatFlooredMoney(0.99, 'EUR')).toBe('€0');
  });
});

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

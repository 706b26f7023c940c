import { describe, expect, it } from 'vitest';
import { moneysOf, savingsPerCurrency, sumPerCurrency, toCents } from './currency-sums';

const saving = (
  currency: string | null,
  kind: 'cash' | 'credit' | null,
  potential: number,
  actual: number,
  potentialCount: number,
  actualCount: number,
) => ({ currency, kind, potential, actual, potentialCount, actualCount });

describe('sumPerCurrency', () => {
  it('should sum each currency on its own and never across currencies', () => {
    expect(
      sumPerCurrency([
        { currency: 'USD', kind: 'cash', amount: 44.01 },
        { currency: 'EUR', kind: 'cash', amount: 136.04 },
        { currency: 'USD', kind: 'cash', amount: 10.5 },
      ]),
    ).toEqual([
      { currency: 'EUR', kind: 'cash', amount: 136.04 },
      { currency: 'USD', kind: 'cash', amount: 54.51 },
    ]);
  });

  it('should keep cash and airline credit of one currency apart, cash first', () => {
    expect(
      sumPerCurrency([
        { currency: 'USD', kind: 'credit', amount: 300 },
        { currency: 'USD', kind: 'cash', amount: 1000 },
        { currency: 'USD', kind: 'cash', amount: 200 },
      ]),
    ).toEqual([
      { currency: 'USD', kind: 'cash', amount: 1200 },
      { currency: 'USD', kind: 'credit', amount: 300 },
    ]);
  });

  it('should count a saving without a kind as cash, as it was counted before kinds', () => {
    expect(
      sumPerCurrency([
        { currency: 'GBP', kind: null, amount: 5 },
        { currency: 'GBP', kind: 'cash', amount: 7 },
      ]),
    ).toEqual([{ currency: 'GBP', kind: 'cash', amount: 12 }]);
  });

  it('should answer to the cent, without floating-point crumbs', () => {
    expect(
      sumPerCurrency([
        { currency: 'GBP', kind: 'credit', amount: 0.1 },
        { currency: 'GBP', kind: 'credit', amount: 0.2 },
      ]),
    ).toEqual([{ currency: 'GBP', kind: 'credit', amount: 0.3 }]);
  });

  it('should leave out rows without a currency and answer nothing for nothing', () => {
    expect(sumPerCurrency([{ currency: null, kind: null, amount: 12 }])).toEqual([]);
    expect(sumPerCurrency([])).toEqual([]);
  });
});

describe('savingsPerCurrency', () => {
  it('should keep an approved EUR reprice as EUR actual saving beside USD ones', () => {
    expect(
      savingsPerCurrency([
        saving('USD', 'cash', 44.01, 0, 1, 0),
        saving('EUR', 'cash', 136.04, 136.04, 1, 1),
        saving('USD', 'cash', 20, 19.99, 2, 1),
      ]),
    ).toEqual([
      {
        currency: 'EUR',
        kind: 'cash',
        potential: 136.04,
        actual: 136.04,
        potentialCount: 1,
        actualCount: 1,
      },
      {
        currency: 'USD',
        kind: 'cash',
        potential: 64.01,
        actual: 19.99,
        potentialCount: 3,
        actualCount: 1,
      },
    ]);
  });

  it('should count an approved credit reprice as credit, never in the cash figure', () => {
    expect(
      savingsPerCurrency([
        saving('USD', 'credit', 150, 150, 1, 1),
        saving('USD', null, 80, 0, 1, 0),
        saving('USD', 'cash', 20, 20, 1, 1),
      ]),
    ).toEqual([
      {
        currency: 'USD',
        kind: 'cash',
        potential: 100,
        actual: 20,
        potentialCount: 2,
        actualCount: 1,
      },
      {
        currency: 'USD',
        kind: 'credit',
        potential: 150,
        actual: 150,
        potentialCount: 1,
        actualCount: 1,
      },
    ]);
  });

  it('should leave out rows without a currency', () => {
    expect(savingsPerCurrency([saving(null, null, 0, 0, 1, 0)])).toEqual([]);
  });
});

describe('moneysOf', () => {
  it('should list every currency and kind of every list once, in order', () => {
    expect(
      moneysOf([
        [{ currency: 'USD', kind: 'credit' }],
        [],
        [
          { currency: 'EUR', kind: 'cash' },
          { currency: 'USD', kind: 'cash' },
          { currency: 'USD', kind: 'credit' },
        ],
      ]),
    ).toEqual([
      { currency: 'EUR', kind: 'cash' },
      { currency: 'USD', kind: 'cash' },
      { currency: 'USD', kind: 'credit' },
    ]);
  });
});

describe('toCents', () => {
  it('should round to the cent', () => {
    expect(toCents(136.044999)).toBe(136.04);
    expect(toCents(0.1 + 0.2)).toBe(0.3);
  });
});

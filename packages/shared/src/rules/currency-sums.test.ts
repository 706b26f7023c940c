import { describe, expect, it } from 'vitest';
import { currenciesOf, savingsPerCurrency, sumPerCurrency, toCents } from './currency-sums';

describe('sumPerCurrency', () => {
  it('sums each currency on its own and never across currencies', () => {
    expect(
      sumPerCurrency([
        { currency: 'USD', amount: 44.01 },
        { currency: 'EUR', amount: 136.04 },
        { currency: 'USD', amount: 10.5 },
      ]),
    ).toEqual([
      { currency: 'EUR', amount: 136.04 },
      { currency: 'USD', amount: 54.51 },
    ]);
  });

  it('answers to the cent, without floating-point crumbs', () => {
    expect(
      sumPerCurrency([
        { currency: 'GBP', amount: 0.1 },
        { currency: 'GBP', amount: 0.2 },
      ]),
    ).toEqual([{ currency: 'GBP', amount: 0.3 }]);
  });

  it('leaves out rows without a currency and answers nothing for nothing', () => {
    expect(sumPerCurrency([{ currency: null, amount: 12 }])).toEqual([]);
    expect(sumPerCurrency([])).toEqual([]);
  });
});

describe('savingsPerCurrency', () => {
  it('keeps an approved EUR reprice as EUR actual saving beside USD ones', () => {
    expect(
      savingsPerCurrency([
        { currency: 'USD', potential: 44.01, actual: 0, potentialCount: 1, actualCount: 0 },
        { currency: 'EUR', potential: 136.04, actual: 136.04, potentialCount: 1, actualCount: 1 },
        { currency: 'USD', potential: 20, actual: 19.99, potentialCount: 2, actualCount: 1 },
      ]),
    ).toEqual([
      { currency: 'EUR', potential: 136.04, actual: 136.04, potentialCount: 1, actualCount: 1 },
      { currency: 'USD', potential: 64.01, actual: 19.99, potentialCount: 3, actualCount: 1 },
    ]);
  });

  it('leaves out rows without a currency', () => {
    expect(
      savingsPerCurrency([
        { currency: null, potential: 0, actual: 0, potentialCount: 1, actualCount: 0 },
      ]),
    ).toEqual([]);
  });
});

describe('currenciesOf', () => {
  it('lists every currency of every list once, in order', () => {
    expect(
      currenciesOf([[{ currency: 'USD' }], [], [{ currency: 'EUR' }, { currency: 'USD' }]]),
    ).toEqual(['EUR', 'USD']);
  });
});

describe('toCents', () => {
  it('rounds to the cent', () => {
    expect(toCents(136.044999)).toBe(136.04);
    expect(toCents(0.1 + 0.2)).toBe(0.3);
  });
});

import { describe, expect, it } from 'vitest';
import { quickSearch, quickSearchFieldOf } from './quick-search';

describe('quickSearchFieldOf', () => {
  it.each([
    ['7', 'flightNumber'],
    ['315', 'flightNumber'],
    ['1234', 'flightNumber'],
    ['abc123', 'pnrNumber'],
    ['123456', 'pnrNumber'],
    ['AB12CD34EF', 'pnrNumber'],
    ['ABCDEF', 'customerName'],
    ['12345', 'customerName'],
    ['Dana Levi', 'customerName'],
    ['ABC12345678', 'customerName'],
  ])('should search %j as %s', (term, field) => {
    expect(quickSearchFieldOf(term)).toBe(field);
  });
});

describe('quickSearch', () => {
  it('should put the term in its field, uppercased as the schema does, and keep other filters', () => {
    expect(quickSearch(' abc123 ', { airline: 'LY', customerName: 'Levi' })).toEqual({
      kind: 'search',
      filter: { airline: 'LY', pnrNumber: 'ABC123' },
    });
  });

  it("should give the field's message when the term is not valid for it", () => {
    expect(quickSearch('A', {})).toEqual({
      kind: 'invalid',
      message:
        'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
    });
  });

  it('should do nothing when the term is blank', () => {
    expect(quickSearch('   ', { airline: 'LY' })).toEqual({ kind: 'empty' });
  });
});

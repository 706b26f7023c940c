import { describe, expect, it } from 'vitest';
import { quickSearch } from './quick-search';

describe('quickSearch', () => {
  it.each(['JB53UB', 'LY541', 'LY 541', '541', 'levi', 'Dana Levi'])(
    'should search %j as it is typed, whatever it looks like',
    (term) => {
      expect(quickSearch(` ${term} `, {})).toEqual({ kind: 'search', filter: { search: term } });
    },
  );

  it("should keep the panel's filters and replace the last search when a new term is given", () => {
    expect(quickSearch('LY541', { airline: 'LY', pnrNumber: 'ABC123', search: 'levi' })).toEqual({
      kind: 'search',
      filter: { airline: 'LY', pnrNumber: 'ABC123', search: 'LY541' },
    });
  });

  it('should give the message under the box when the term is not one a search takes', () => {
    expect(quickSearch('A', {})).toEqual({
      kind: 'invalid',
      message:
        'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
    });
    expect(quickSearch("Levi'; drop", {})).toMatchObject({ kind: 'invalid' });
  });

  it('should do nothing when the term is blank', () => {
    expect(quickSearch('   ', { airline: 'LY' })).toEqual({ kind: 'empty' });
  });
});

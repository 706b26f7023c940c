import { describe, expect, it } from 'vitest';
import { formulaSafe } from './csv-cell';

describe('a CSV cell', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rReturn'])(
    'should prefix an apostrophe when it starts like a formula: %j',
    (value) => {
      expect(formulaSafe(value)).toBe(`'${value}`);
    },
  );

  it.each([';=cmd|" /C calc"!A0', ' =x', ',+1', ';;@SUM(A1)', ' ; -2', '|=x', '\n=x', ' \t=x'])(
    'should prefix an apostrophe when a formula lead follows separators or spaces: %j',
    (value) => {
      expect(formulaSafe(value)).toBe(`'${value}`);
    },
  );

  it.each(['Dana Levi', '', '1+1', "O'Brien", ' x=1', '; plain', 'LY081 TLV-JFK'])(
    'should leave it alone when it does not start like a formula: %j',
    (value) => {
      expect(formulaSafe(value)).toBe(value);
    },
  );
});

import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_CODE } from '../constants';
import { COUNTRIES } from './countries';

describe('COUNTRIES', () => {
  it('should list every region the phone metadata knows, once each', () => {
    const codes = COUNTRIES.map((country) => country.code);

    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...getCountries()].sort());
  });

  it('should give each country the dialling code of the phone metadata', () => {
    for (const country of COUNTRIES) {
      expect(country.dialCode).toBe(`+${getCountryCallingCode(country.code)}`);
    }
  });

  it('should have exactly one country for the default phone code', () => {
    const matches = COUNTRIES.filter((country) => country.dialCode === DEFAULT_PHONE_CODE);

    expect(matches.map((country) => country.name)).toEqual(['Israel']);
  });

  it('should be sorted by name for the picker', () => {
    const names = COUNTRIES.map((country) => country.name);

    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

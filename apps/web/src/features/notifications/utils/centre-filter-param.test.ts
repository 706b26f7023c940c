import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CENTRE_FILTER,
  encodeCentreFilter,
  parseCentreFilter,
  type CentreFilterState,
} from './centre-filter-param';

const state = (partial: Partial<CentreFilterState>): CentreFilterState => ({
  ...DEFAULT_CENTRE_FILTER,
  ...partial,
});

describe('centre filter parameter', () => {
  it('should leave the parameter out when the state is the default', () => {
    expect(encodeCentreFilter(DEFAULT_CENTRE_FILTER)).toBeNull();
  });

  it('should write the mode and each chosen level when something is chosen', () => {
    expect(encodeCentreFilter(state({ mode: 'me' }))).toBe('me');
    expect(encodeCentreFilter(state({ agencyIds: [3] }))).toBe('all_a3');
    expect(
      encodeCentreFilter(state({ agencyIds: [3], branchIds: [8, 7, 8], agentIds: [12] })),
    ).toBe('all_a3_b7.8_g12');
  });

  it('should keep to characters a URL carries unescaped when encoding', () => {
    const encoded = encodeCentreFilter(state({ mode: 'me', branchIds: [1, 2], agentIds: [3] }));

    expect(new URLSearchParams({ filter: encoded ?? '' }).toString()).toBe(`filter=${encoded}`);
  });

  it('should read back what it wrote when the state round-trips', () => {
    const original = state({ mode: 'me', agencyIds: [1], branchIds: [4, 9], agentIds: [20, 21] });

    expect(parseCentreFilter(encodeCentreFilter(original))).toEqual(original);
  });

  it('should give the default when the parameter is absent', () => {
    expect(parseCentreFilter(null)).toEqual(DEFAULT_CENTRE_FILTER);
  });

  it('should read the mode alone when no level is chosen', () => {
    expect(parseCentreFilter('me')).toEqual(state({ mode: 'me' }));
    expect(parseCentreFilter('all')).toEqual(DEFAULT_CENTRE_FILTER);
  });

  it('should sort and drop repeated ids when reading', () => {
    expect(parseCentreFilter('all_g5.2.5')).toEqual(state({ agentIds: [2, 5] }));
  });

  it.each([
    '',
    'ALL',
    'everyone',
    'all_',
    'all_a',
    'all_a1..2',
    'all_a1.',
    'all_ax',
    'all_a-1',
    'all_a0',
    'all_b1_a2',
    'all_a1_a2',
    'all_g1.2.3 ',
    'me_c4',
    'all_a99999999999999999',
    `all_a${Array.from({ length: 501 }, (_, i) => i + 1).join('.')}`,
  ])('should give the default when the parameter is malformed (%s)', (raw) => {
    expect(parseCentreFilter(raw)).toEqual(DEFAULT_CENTRE_FILTER);
  });
});

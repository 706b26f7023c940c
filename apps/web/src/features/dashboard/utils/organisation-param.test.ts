import { describe, expect, it } from 'vitest';
import {
  encodeOrganisationParam,
  parseOrganisationParam,
} from '@/features/dashboard/utils/organisation-param';

describe('the org parameter', () => {
  it.each([
    ['a3', { agencyIds: [3], branchIds: [], agentIds: [] }],
    ['b7.8', { agencyIds: [], branchIds: [7, 8], agentIds: [] }],
    ['a3_b7_g12.13', { agencyIds: [3], branchIds: [7], agentIds: [12, 13] }],
  ])('should read %s as its selection and write it back the same', (raw, selection) => {
    expect(parseOrganisationParam(raw)).toEqual(selection);
    expect(encodeOrganisationParam(selection)).toBe(raw);
  });

  it('should be left out when nothing is selected', () => {
    expect(encodeOrganisationParam({ agencyIds: [], branchIds: [], agentIds: [] })).toBeNull();
  });

  it.each(['a0', 'a3_x4', 'g1_a2', 'a1..2', 'a-1'])(
    'should read %s as no selection because it is malformed',
    (raw) => {
      expect(parseOrganisationParam(raw)).toEqual({ agencyIds: [], branchIds: [], agentIds: [] });
    },
  );
});

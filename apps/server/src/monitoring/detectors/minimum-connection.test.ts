import { describe, expect, it } from 'vitest';
import { connectionRuleOf } from './minimum-connection';

const leg = (from: string, to: string) => ({ from, to });

describe('connectionRuleOf (docs/decisions/065)', () => {
  it("should take the airport's domestic figure when all three airports are in one country", () => {
    expect(connectionRuleOf(leg('HAM', 'FRA'), leg('FRA', 'MUC'), 30)).toEqual({
      minutes: 45,
      place: 'FRA',
      changesAirport: false,
    });
  });

  it("should take the airport's international figure when a flight crosses a border", () => {
    expect(connectionRuleOf(leg('TLV', 'FRA'), leg('FRA', 'MUC'), 30)?.minutes).toBe(60);
    expect(connectionRuleOf(leg('TLV', 'LHR'), leg('LHR', 'EDI'), 30)?.minutes).toBe(90);
  });

  it("should keep the branch's minimum as the floor under a published figure", () => {
    expect(connectionRuleOf(leg('HAM', 'MUC'), leg('MUC', 'BER'), 40)?.minutes).toBe(40);
  });

  it("should take the branch's minimum at an airport without a published figure", () => {
    expect(connectionRuleOf(leg('TLV', 'ATH'), leg('ATH', 'JMK'), 60)).toEqual({
      minutes: 60,
      place: 'ATH',
      changesAirport: false,
    });
  });

  it('should hold a change of airport within a city to 3 hours and say it changes airports', () => {
    expect(connectionRuleOf(leg('TLV', 'LHR'), leg('LGW', 'EDI'), 60)).toEqual({
      minutes: 180,
      place: 'London',
      changesAirport: true,
    });
    expect(connectionRuleOf(leg('TLV', 'ORY'), leg('CDG', 'NCE'), 240)?.minutes).toBe(240);
  });

  it('should find no connection between airports of different cities', () => {
    expect(connectionRuleOf(leg('TLV', 'LHR'), leg('CDG', 'NCE'), 60)).toBeNull();
  });
});

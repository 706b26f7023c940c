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

  describe("the branch's own minimums by airport (docs/decisions/065's addendum)", () => {
    const own = [
      { airport: 'LHR', domestic: 40, international: 120 },
      { airport: 'ATH', domestic: 25, international: 35 },
    ];

    it("should replace the airport's published figure, domestic or international", () => {
      // Published: 60 domestic, 90 international.
      expect(connectionRuleOf(leg('MAN', 'LHR'), leg('LHR', 'EDI'), 30, own)).toEqual({
        minutes: 40,
        place: 'LHR',
        changesAirport: false,
      });
      expect(connectionRuleOf(leg('TLV', 'LHR'), leg('LHR', 'EDI'), 30, own)?.minutes).toBe(120);
    });

    it("should replace the branch's floor too, at an airport with a published figure or without", () => {
      expect(connectionRuleOf(leg('MAN', 'LHR'), leg('LHR', 'EDI'), 60, own)?.minutes).toBe(40);
      expect(connectionRuleOf(leg('TLV', 'ATH'), leg('ATH', 'JMK'), 60, own)?.minutes).toBe(35);
      expect(connectionRuleOf(leg('SKG', 'ATH'), leg('ATH', 'JMK'), 60, own)?.minutes).toBe(25);
    });

    it('should leave an airport the list does not name as it was', () => {
      expect(connectionRuleOf(leg('TLV', 'FRA'), leg('FRA', 'MUC'), 30, own)?.minutes).toBe(60);
      expect(connectionRuleOf(leg('HAM', 'MUC'), leg('MUC', 'BER'), 40, own)?.minutes).toBe(40);
      expect(connectionRuleOf(leg('TLV', 'CPH'), leg('CPH', 'OSL'), 60, own)?.minutes).toBe(60);
    });

    it("should keep a change of airport within a city to its own rule, whatever the arriving or leaving airport's override", () => {
      const london = [
        { airport: 'LHR', domestic: 30, international: 30 },
        { airport: 'LGW', domestic: 30, international: 30 },
      ];
      expect(connectionRuleOf(leg('TLV', 'LHR'), leg('LGW', 'EDI'), 60, london)).toEqual({
        minutes: 180,
        place: 'London',
        changesAirport: true,
      });
    });
  });
});

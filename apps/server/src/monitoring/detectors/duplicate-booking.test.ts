import { describe, expect, it } from 'vitest';
import type { OtherBooking } from './detector';
import { detectDuplicateBooking, explainDuplicateBooking } from './duplicate-booking';
import {
  aBooking,
  anInput,
  aPending,
  aSegment,
  aTraveller,
  settingsWith,
} from './testing/booking-builder';

// The booking checked (ABC123, made 2026-02-01) holds Dan Cohen on LY315 on 08/03/2026.
const anOther = (over: Partial<OtherBooking> = {}): OtherBooking => ({
  locator: 'XYZ789',
  createdAt: '2026-01-20T09:00:00.000Z',
  passengers: [{ firstName: 'Dan', lastName: 'Cohen' }],
  segments: [{ airline: 'LY', flightNumber: '315', departure: '2026-03-08 10:00', status: 'HK' }],
  ...over,
});
const withOthers = (others: OtherBooking[], over: Parameters<typeof aBooking>[0] = {}) =>
  anInput({ current: aBooking(over), others });
const detect = (others: OtherBooking[], over: Parameters<typeof aBooking>[0] = {}) =>
  detectDuplicateBooking(withOthers(others, over), settingsWith());

describe('detectDuplicateBooking', () => {
  it('should raise when another booking of the agency holds the passenger on the flight and day', () => {
    const [candidate, ...rest] = detect([anOther()]);

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'DuplicateBooking',
      group: 'ADM',
      title: 'Duplicate booking',
      titleMessage: 'LY315 on 08/03/2026 also held in XYZ789',
      alerts: [
        {
          text: 'Cohen/Dan also booked on LY315 on 08/03/2026 in XYZ789: cancel one of the bookings to avoid an airline ADM for a duplicate booking',
        },
      ],
      dedupeKey: 'DUP:LY315:2026-03-08:cohen/dan:ABC123,XYZ789',
      segmentIds: ['s1'],
      segmentClasses: ['Y'],
      supersedes: [],
    });
  });

  it('should raise nothing when the other booking holds the flight on another day', () => {
    const otherDay = anOther({
      segments: [
        { airline: 'LY', flightNumber: '315', departure: '2026-03-09 10:00', status: 'HK' },
      ],
    });

    expect(detect([otherDay])).toEqual([]);
  });

  it('should raise nothing when the other booking holds another flight on the day', () => {
    const otherFlight = anOther({
      segments: [
        { airline: 'LY', flightNumber: '317', departure: '2026-03-08 10:00', status: 'HK' },
      ],
    });

    expect(detect([otherFlight])).toEqual([]);
  });

  it('should raise nothing when the other booking holds another passenger', () => {
    expect(detect([anOther({ passengers: [{ firstName: 'Ruth', lastName: 'Cohen' }] })])).toEqual(
      [],
    );
  });

  it.each(['HX', 'UN', 'NO', 'UC', 'US', 'UU'] as const)(
    'should raise nothing when the other booking holds the flight as %s',
    (status) => {
      const inactive = anOther({
        segments: [{ airline: 'LY', flightNumber: '315', departure: '2026-03-08 10:00', status }],
      });

      expect(detect([inactive])).toEqual([]);
    },
  );

  it('should raise nothing when this booking holds the flight as HX', () => {
    expect(detect([anOther()], { segments: [aSegment({ status: 'HX' })] })).toEqual([]);
  });

  it('should raise nothing when this booking is cancelled', () => {
    expect(detect([anOther()], { isCancelled: true })).toEqual([]);
  });

  it('should raise nothing when the ADM process is off', () => {
    const input = withOthers([anOther()]);

    expect(detectDuplicateBooking(input, settingsWith({ duplicates: { enabled: false } }))).toEqual(
      [],
    );
  });

  it('should match the name whatever its case, spacing and punctuation', () => {
    const spelt = anOther({ passengers: [{ firstName: ' DAN ', lastName: 'COHEN-' }] });
    const spaced = anOther({
      locator: 'XYZ790',
      passengers: [{ firstName: 'Mary  Ann', lastName: 'Levi' }],
    });

    expect(detect([spelt])).toHaveLength(1);
    expect(
      detect([spaced], {
        passengers: [{ ...aBooking().passengers[0]!, firstName: 'mary ann', lastName: 'LEVI' }],
      }).map((c) => c.dedupeKey),
    ).toEqual(['DUP:LY315:2026-03-08:levi/mary ann:ABC123,XYZ790']);
  });

  it('should match the flight whatever the leading zeros of its number', () => {
    const zeros = anOther({
      segments: [
        { airline: 'LY', flightNumber: '0315', departure: '2026-03-08 22:00', status: 'HK' },
      ],
    });

    expect(detect([zeros]).map((c) => c.titleMessage)).toEqual([
      'LY315 on 08/03/2026 also held in XYZ789',
    ]);
  });

  it('should raise on the later booking only, so a duplicate pair makes one alert', () => {
    // The other booking was made after this one: it carries the alert, this one none.
    const later = anOther({ createdAt: '2026-02-05T09:00:00.000Z' });
    const input = withOthers([later]);

    expect(detectDuplicateBooking(input, settingsWith())).toEqual([]);
    expect(explainDuplicateBooking(input, settingsWith())).toBe(
      'LY315 on 08/03/2026 is also held in XYZ789: raised on the later booking XYZ789',
    );
  });

  it('should tell two bookings made the same minute apart by their locators', () => {
    const sameTime = { createdAt: aBooking().createdAt };

    expect(detect([anOther({ ...sameTime, locator: 'AAA111' })])).toHaveLength(1);
    expect(detect([anOther({ ...sameTime, locator: 'ZZZ999' })])).toEqual([]);
  });

  it('should give the same dedupe key on a re-check whatever order the others come in', () => {
    const first = anOther({ locator: 'KLM111' });
    const second = anOther({ locator: 'DEF222' });

    const keys = [detect([first, second]), detect([second, first])].map((candidates) =>
      candidates.map((c) => c.dedupeKey),
    );

    expect(keys[0]).toEqual(['DUP:LY315:2026-03-08:cohen/dan:ABC123,DEF222,KLM111']);
    expect(keys[1]).toEqual(keys[0]);
  });

  it('should name every other booking and passenger in one alert per flight and day', () => {
    const ruth = { id: 'p2', title: 'MRS', firstName: 'Ruth', lastName: 'Cohen' } as const;
    const family = {
      passengers: [
        aBooking().passengers[0]!,
        { ...ruth, type: 'ADT' as const, phone: null, email: null },
      ],
    };
    const both = anOther({
      passengers: [
        { firstName: 'Ruth', lastName: 'Cohen' },
        { firstName: 'Dan', lastName: 'Cohen' },
      ],
    });
    const ruthOnly = anOther({
      locator: 'DEF222',
      passengers: [{ firstName: 'Ruth', lastName: 'Cohen' }],
    });

    const candidates = detect([both, ruthOnly], family);

    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      titleMessage: 'LY315 on 08/03/2026 also held in DEF222, XYZ789',
      alerts: [
        { text: expect.stringMatching(/^Cohen\/Ruth also booked on LY315 .* in DEF222:/) },
        {
          text: expect.stringMatching(
            /^Cohen\/Dan, Cohen\/Ruth also booked on LY315 .* in XYZ789:/,
          ),
        },
      ],
      dedupeKey: 'DUP:LY315:2026-03-08:cohen/dan,cohen/ruth:ABC123,DEF222,XYZ789',
    });
  });

  it('should replace its pending alert of the flight and day when another booking joins', () => {
    const input = anInput({
      others: [anOther(), anOther({ locator: 'DEF222' })],
      pending: [
        aPending({
          id: 7,
          type: 'DuplicateBooking',
          dedupeKey: 'DUP:LY315:2026-03-08:cohen/dan:ABC123,XYZ789',
        }),
        aPending({
          id: 8,
          type: 'DuplicateBooking',
          dedupeKey: 'DUP:LY317:2026-03-08:cohen/dan:ABC123,XYZ789',
        }),
        aPending({ id: 9, type: 'Churning', dedupeKey: 'DUP:LY315:2026-03-08:x' }),
      ],
    });

    expect(detectDuplicateBooking(input, settingsWith()).map((c) => c.supersedes)).toEqual([[7]]);
  });

  it('should supersede nothing when the same duplicate is found again', () => {
    const input = anInput({
      others: [anOther()],
      pending: [
        aPending({
          id: 7,
          type: 'DuplicateBooking',
          dedupeKey: 'DUP:LY315:2026-03-08:cohen/dan:ABC123,XYZ789',
        }),
      ],
    });

    expect(detectDuplicateBooking(input, settingsWith()).map((c) => c.supersedes)).toEqual([[]]);
  });
});

describe('explainDuplicateBooking', () => {
  it('should say no other booking holds the passengers when there is none', () => {
    expect(explainDuplicateBooking(anInput(), settingsWith())).toBe(
      'no other live booking of the agency holds these passengers on these flights',
    );
  });
});

describe('detectDuplicateBooking inside one booking', () => {
  const inOne = (...segments: Parameters<typeof aSegment>[0][]) =>
    detectDuplicateBooking(
      anInput({ current: aBooking({ segments: segments.map((s) => aSegment(s)) }) }),
      settingsWith(),
    );

  it('should raise a flight and day held twice', () => {
    expect(inOne({}, { id: 's2' })).toMatchObject([
      {
        title: 'Duplicate booking',
        titleMessage: 'LY315 on 08/03/2026 is held twice in this booking',
        dedupeKey: 'DUPIN:s1,s2',
        segmentIds: ['s1', 's2'],
      },
    ]);
  });

  it('should raise a waitlist beside a confirmed seat on the same route and day', () => {
    expect(
      inOne({}, { id: 's2', flightNumber: '001', departure: '2026-03-08 07:00', status: 'HL' }),
    ).toMatchObject([
      {
        title: 'Waitlist beside a confirmed seat',
        titleMessage: 'LY001 waitlisted beside confirmed LY315 on 08/03/2026',
        alerts: [
          {
            text: "LY001 TLV-JFK on 08/03/2026 is waitlisted beside the confirmed LY315: two seats for one journey count as a duplicate booking in airlines' ADM policies. When the waitlist clears, cancel the other flight; if it has not cleared before departure, remove the waitlist",
          },
        ],
        segmentIds: ['s2', 's1'],
      },
    ]);
  });

  it('should raise nothing for a waitlist on another day or route, or a second flight that holds no seat', () => {
    expect(inOne({}, { id: 's2', departure: '2026-03-09 10:00', status: 'HL' })).toEqual([]);
    expect(inOne({}, { id: 's2', to: 'EWR', status: 'HL' })).toEqual([]);
    expect(inOne({}, { id: 's2', status: 'HX' })).toEqual([]);
  });

  describe('overlapping trips across PNRs (docs/decisions/063)', () => {
    // This booking's LY315 leaves TLV at 10:00 (08:00 UTC) and lands at JFK at 15:00 (20:00
    // UTC). The other PNR, made earlier, holds Dan Cohen on another flight.
    const otherPnr = (
      leg: Parameters<typeof aSegment>[0],
      over: Parameters<typeof aTraveller>[0] = {},
    ) =>
      aTraveller({
        createdAt: '2026-01-20T09:00:00.000Z',
        segments: [aSegment({ id: 'o1', airline: 'UA', flightNumber: '90', ...leg })],
        ...over,
      });
    const overlapping = (travellers: ReturnType<typeof aTraveller>[]) =>
      detectDuplicateBooking(anInput({ travellers }), settingsWith());
    // JFK-BOS, leaving JFK at the minute LY315 lands there, or one minute before.
    const onward = (departure: string) => ({
      from: 'JFK',
      to: 'BOS',
      departure,
      arrival: '2026-03-08 17:00',
    });

    it('should raise when the passenger holds another flight in the air at the same time', () => {
      const [candidate, ...rest] = overlapping([
        otherPnr({
          from: 'TLV',
          to: 'EWR',
          departure: '2026-03-08 12:00',
          arrival: '2026-03-08 17:00',
        }),
      ]);

      expect(rest).toEqual([]);
      expect(candidate).toMatchObject({
        type: 'DuplicateBooking',
        group: 'ADM',
        title: 'Overlapping trips',
        titleMessage: 'LY315 on 08/03/2026 overlaps UA90 in XYZ789',
        alerts: [
          {
            text: 'Cohen/Dan is booked on LY315 TLV-JFK departing 08/03/2026 10:00 and, in XYZ789, on UA90 TLV-EWR departing 08/03/2026 12:00: nobody can fly both, and airlines bill overlapping bookings as duplicates. Cancel the one not travelled',
          },
        ],
        dedupeKey: 'DUPOV:s1:XYZ789:UA90:2026-03-08',
        segmentIds: ['s1'],
      });
    });

    it('should raise when the other flight leaves a minute before this one lands, not at the minute', () => {
      expect(overlapping([otherPnr(onward('2026-03-08 14:59'))])).toHaveLength(1);
      expect(overlapping([otherPnr(onward('2026-03-08 15:00'))])).toEqual([]);
    });

    it('should raise on the later of the two bookings only', () => {
      const madeLater = otherPnr(onward('2026-03-08 14:00'), {
        createdAt: '2026-02-02T09:00:00.000Z',
      });

      expect(overlapping([madeLater])).toEqual([]);
    });

    it('should raise nothing for a cancelled PNR, another passenger or a seat not held', () => {
      const leg = onward('2026-03-08 14:00');

      expect(overlapping([otherPnr(leg, { isCancelled: true })])).toEqual([]);
      expect(
        overlapping([otherPnr(leg, { passengers: [{ firstName: 'Ruth', lastName: 'Cohen' }] })]),
      ).toEqual([]);
      expect(overlapping([otherPnr({ ...leg, status: 'HX' })])).toEqual([]);
    });

    it('should leave the same flight and day to the duplicate rule', () => {
      const same = aTraveller({ createdAt: '2026-01-20T09:00:00.000Z', segments: [aSegment()] });

      expect(overlapping([same])).toEqual([]);
    });
  });
});

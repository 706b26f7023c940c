import { describe, expect, it } from 'vitest';
import type { GdsSegment } from '@/gds/gds-types';
import { flightDataOf } from '@/monitoring/notification-data-of';
import { detectReschedule, withdrawReschedule } from './reschedule';
import { aBooking, anInput, aPending, aSegment, settingsWith } from './testing/booking-builder';

const outbound = aSegment();
const inbound = aSegment({
  id: 's2',
  flightNumber: '316',
  from: 'JFK',
  to: 'TLV',
  departure: '2026-03-15 18:00',
  arrival: '2026-03-16 11:00',
  flightClass: 'B',
});
const before = aBooking({ segments: [outbound, inbound] });
const after = (...segments: GdsSegment[]) => aBooking({ segments });
const check = (current: GdsSegment[], over: Parameters<typeof anInput>[0] = {}) =>
  detectReschedule(
    anInput({ previous: before, current: after(...current), ...over }),
    settingsWith(),
  );

const shifted = aSegment({
  departure: '2026-03-08 13:00',
  arrival: '2026-03-08 18:00',
  status: 'TK',
});
const replacement = aSegment({
  id: 's3',
  flightNumber: '317',
  departure: '2026-03-08 13:00',
  arrival: '2026-03-08 18:00',
  status: 'TK',
});

describe('detectReschedule', () => {
  it('should raise a time shift with the old and new versions of the flight', () => {
    const [candidate, ...rest] = check([shifted, inbound]);

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'Reschedule',
      group: 'RESCHEDULE',
      title: 'Schedule change',
      titleMessage: 'Flight LY315 departs 3 hours later',
      alerts: [
        { text: 'Flight LY315 departs 3 hours later' },
        { text: 'Major change: a shift of 3 hours, at or over the 120-minute threshold' },
      ],
      segmentIds: ['s1'],
      segmentClasses: ['Y'],
      supersedes: [],
    });
    expect(candidate?.data.sc).toEqual({
      oldFlights: [flightDataOf(outbound)],
      newFlights: [flightDataOf(shifted)],
    });
    expect(candidate?.dedupeKey).toMatch(/^SC:s1:[0-9a-f]{12}$/);
  });

  it('should raise a time shift when the segment stays HK', () => {
    const earlier = aSegment({ departure: '2026-03-08 09:15', arrival: '2026-03-08 14:15' });

    expect(check([earlier, inbound]).map((c) => c.titleMessage)).toEqual([
      'Flight LY315 departs 45 minutes earlier',
    ]);
  });

  it('should tell the arrival apart when only the arrival moves', () => {
    const longer = aSegment({ arrival: '2026-03-08 16:30' });

    expect(check([longer, inbound]).map((c) => c.titleMessage)).toEqual([
      'Flight LY315 arrives 1 hour 30 minutes later',
    ]);
  });

  it("should raise nothing when a passive (GK) segment moves: it is the agent's record, not the airline's", () => {
    const passiveBefore = aBooking({ segments: [{ ...outbound, status: 'GK' }, inbound] });
    const moved = aSegment({ status: 'GK', departure: '2026-03-08 13:00' });

    const candidates = detectReschedule(
      anInput({ previous: passiveBefore, current: after(moved, inbound) }),
      settingsWith(),
    );

    expect(candidates).toEqual([]);
  });

  it('should raise a new flight number', () => {
    const renumbered = aSegment({ flightNumber: '317', status: 'TK' });

    const [candidate] = check([renumbered, inbound]);

    expect(candidate?.titleMessage).toBe('Flight LY315 is now LY317');
    expect(candidate?.data.sc?.newFlights).toEqual([flightDataOf(renumbered)]);
  });

  it('should raise a change when a segment becomes UN with a TK replacement on its route', () => {
    const cancelled = aSegment({ status: 'UN' });

    const [candidate, ...rest] = check([cancelled, replacement, inbound]);

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      title: 'Schedule change',
      titleMessage:
        'Flight LY315 TLV-JFK on 08/03/2026 10:00 is replaced by LY317 departing 08/03/2026 13:00',
      segmentIds: ['s1', 's3'],
    });
    expect(candidate?.data.sc).toEqual({
      oldFlights: [{ ...flightDataOf(outbound), status: 'UN' }],
      newFlights: [flightDataOf(replacement)],
    });
  });

  it('should raise a cancellation when a segment becomes UN with no replacement', () => {
    const [candidate] = check([aSegment({ status: 'UN' }), inbound]);

    expect(candidate).toMatchObject({
      title: 'Flight cancelled',
      titleMessage: 'Flight LY315 TLV-JFK on 08/03/2026 10:00 was cancelled',
      segmentIds: ['s1'],
    });
    // The public page shows 'Cancelled': no current segments, all previous UN.
    expect(candidate?.data.sc).toEqual({
      oldFlights: [{ ...flightDataOf(outbound), status: 'UN' }],
      newFlights: [],
    });
  });

  it('should raise one candidate per changed segment set', () => {
    const inboundLater = aSegment({
      id: 's2',
      flightNumber: '316',
      from: 'JFK',
      to: 'TLV',
      flightClass: 'B',
      departure: '2026-03-15 20:00',
      arrival: '2026-03-16 13:00',
    });

    const candidates = check([aSegment({ status: 'UN' }), replacement, inboundLater]);

    expect(candidates.map((c) => c.segmentIds)).toEqual([['s1', 's3'], ['s2']]);
  });

  it('should raise a TK segment when there is no snapshot to compare with', () => {
    const input = anInput({ previous: null, current: after(shifted, inbound) });

    const [candidate] = detectReschedule(input, settingsWith());

    expect(candidate?.titleMessage).toBe(
      'Flight LY315 TLV-JFK on 08/03/2026 13:00 has a schedule change to confirm',
    );
    expect(candidate?.data.sc).toEqual({ oldFlights: [], newFlights: [flightDataOf(shifted)] });
  });

  it('should raise nothing when nothing changed since the snapshot', () => {
    expect(check([outbound, inbound])).toEqual([]);
    const input = anInput({ previous: after(shifted, inbound), current: after(shifted, inbound) });
    expect(detectReschedule(input, settingsWith())).toEqual([]);
  });

  it('should leave HX, NO and UC segments to segment removal', () => {
    expect(check([aSegment({ status: 'HX' }), inbound])).toEqual([]);
  });

  it('should supersede the pending change of a segment when it changes again, told against the flight before both', () => {
    const later = aSegment({
      departure: '2026-03-08 15:00',
      arrival: '2026-03-08 20:00',
      status: 'TK',
    });
    const input = anInput({
      previous: after(shifted, inbound),
      current: after(later, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          dedupeKey: 'SC:s1:aaa',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(outbound)],
        }),
        aPending({ id: 6, type: 'Reschedule', dedupeKey: 'SC:s2:bbb', segmentIds: ['s2'] }),
      ],
    });

    const [candidate] = detectReschedule(input, settingsWith());

    expect(candidate?.supersedes).toEqual([5]);
    // Nobody accepted the first change: the traveller's flight is still the one ticketed.
    expect(candidate?.titleMessage).toBe('Flight LY315 departs 5 hours later');
    expect(candidate?.data.sc?.oldFlights).toEqual([flightDataOf(outbound)]);
  });

  it('should drop a pending change and raise nothing when the airline reverts it', () => {
    const input = anInput({
      previous: after(shifted, inbound),
      current: after(outbound, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          dedupeKey: 'SC:s1:aaa',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(outbound)],
        }),
      ],
    });

    expect(detectReschedule(input, settingsWith())).toEqual([]);
    expect(withdrawReschedule(input, settingsWith())).toEqual([
      { id: 5, reason: 'the airline took the change back' },
    ]);
  });

  it('should drop a pending replacement when the original flight is reinstated', () => {
    const input = anInput({
      previous: after(aSegment({ status: 'UN' }), replacement, inbound),
      current: after(outbound, { ...replacement, status: 'UN' }, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          dedupeKey: 'SC:s1,s3:aaa',
          segmentIds: ['s1', 's3'],
          oldFlights: [{ ...flightDataOf(outbound), status: 'UN' }],
        }),
      ],
    });

    expect(detectReschedule(input, settingsWith())).toEqual([]);
    expect(withdrawReschedule(input, settingsWith())).toEqual([
      { id: 5, reason: 'the airline took the change back' },
    ]);
  });

  it('should raise a new change rather than drop it when the old times come back still TK', () => {
    const back = aSegment({ status: 'TK' });
    const input = anInput({
      previous: after(shifted, inbound),
      current: after(back, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          dedupeKey: 'SC:s1:aaa',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(outbound)],
        }),
      ],
    });

    expect(withdrawReschedule(input, settingsWith())).toEqual([]);
    expect(detectReschedule(input, settingsWith()).map((c) => c.supersedes)).toEqual([[5]]);
  });

  it('should withdraw nothing when the pending change still stands', () => {
    const input = anInput({
      previous: after(shifted, inbound),
      current: after(shifted, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          dedupeKey: 'SC:s1:aaa',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(outbound)],
        }),
      ],
    });

    expect(withdrawReschedule(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the same change is already pending', () => {
    const [first] = check([shifted, inbound]);
    const pending = [
      aPending({ id: 5, type: 'Reschedule', dedupeKey: first?.dedupeKey, segmentIds: ['s1'] }),
    ];

    expect(check([shifted, inbound], { pending })).toEqual([]);
  });

  it('should give the same dedupe keys for the same input and new ones for new times', () => {
    const keys = (segments: GdsSegment[]) => check(segments).map((c) => c.dedupeKey);

    expect(keys([shifted, inbound])).toEqual(keys([shifted, inbound]));
    expect(
      keys([
        aSegment({ status: 'TK', departure: '2026-03-08 13:05', arrival: '2026-03-08 18:00' }),
        inbound,
      ]),
    ).not.toEqual(keys([shifted, inbound]));
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = anInput({
      previous: before,
      current: aBooking({ segments: [shifted], isCancelled: true }),
    });

    expect(detectReschedule(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing for a change to a flight already flown', () => {
    expect(check([shifted, inbound], { now: new Date('2026-03-08T13:01:00Z') })).toEqual([]);
  });

  it('should raise and withdraw nothing when the process is disabled', () => {
    const settings = settingsWith({ reschedule: { enabled: false } });
    const input = anInput({
      previous: after(shifted, inbound),
      current: after(outbound, inbound),
      pending: [
        aPending({
          id: 5,
          type: 'Reschedule',
          segmentIds: ['s1'],
          oldFlights: [flightDataOf(outbound)],
        }),
      ],
    });

    expect(detectReschedule(input, settings)).toEqual([]);
    expect(withdrawReschedule(input, settings)).toEqual([]);
  });

  describe('grading', () => {
    const moved = (minutes: number, over: Partial<GdsSegment> = {}) => {
      const at = (local: string) =>
        new Date(Date.parse(`${local.replace(' ', 'T')}:00Z`) + minutes * 60_000)
          .toISOString()
          .slice(0, 16)
          .replace('T', ' ');
      return aSegment({
        departure: at(outbound.departure),
        arrival: at(outbound.arrival),
        status: 'TK',
        ...over,
      });
    };
    const gradeOf = (candidate: { alerts: { text: string }[] } | undefined) =>
      candidate?.alerts
        .map((alert) => alert.text)
        .find((text) => /^(Major|Minor) change/.test(text));

    it('should grade a shift exactly at the threshold major', () => {
      const [candidate] = check([moved(120), inbound]);

      expect(gradeOf(candidate)).toBe(
        'Major change: a shift of 2 hours, at or over the 120-minute threshold',
      );
      expect(candidate?.reason).toBe(
        'major: a shift of 2 hours, at or over the 120-minute threshold',
      );
    });

    it('should grade a shift a minute under the threshold minor', () => {
      const [candidate] = check([moved(119), inbound]);

      expect(gradeOf(candidate)).toBe(
        'Minor change: a shift of 1 hour 59 minutes, under the 120-minute threshold',
      );
    });

    it("should follow the branch's threshold", () => {
      const input = anInput({ previous: before, current: after(moved(45), inbound) });
      const [candidate] = detectReschedule(
        input,
        settingsWith({ reschedule: { minorShiftMinutes: 45 } }),
      );

      expect(gradeOf(candidate)).toMatch(/^Major change: a shift of 45 minutes, at or over the 45/);
    });

    it('should grade a new flight number with nothing else changed minor, and say it', () => {
      const [candidate] = check([moved(0, { flightNumber: '1315' }), inbound]);

      expect(gradeOf(candidate)).toBe(
        'Minor change: LY315 renumbered LY1315; no time shift, under the 120-minute threshold',
      );
    });

    it('should grade a renumbered flight by its shift, saying the new number first', () => {
      const [candidate] = check([moved(120, { flightNumber: '1315' }), inbound]);

      expect(gradeOf(candidate)).toBe(
        'Major change: LY315 renumbered LY1315; a shift of 2 hours, at or over the 120-minute threshold',
      );
    });

    it('should grade a cancellation and a replacement major', () => {
      const cancelled = check([aSegment({ status: 'UN' }), inbound]);
      const replaced = check([aSegment({ status: 'UN' }), replacement, inbound]);

      expect(gradeOf(cancelled[0])).toBe('Major change: LY315 cancelled');
      expect(gradeOf(replaced[0])).toMatch(/^Major change: LY315 replaced/);
    });

    describe('a flight re-timed under a new segment id (as Duffel reports a moved flight)', () => {
      const gone = aSegment({ status: 'UN' });
      const retimed = (minutes: number, over: Partial<GdsSegment> = {}) =>
        moved(minutes, { id: 's9', ...over });

      it('should read the same flight number on the same route as a time shift, not a replacement', () => {
        const [candidate, ...rest] = check([gone, retimed(180), inbound]);

        expect(rest).toEqual([]);
        expect(candidate).toMatchObject({
          title: 'Schedule change',
          titleMessage: 'Flight LY315 departs 3 hours later',
          segmentIds: ['s1', 's9'],
        });
        expect(gradeOf(candidate)).toBe(
          'Major change: a shift of 3 hours, at or over the 120-minute threshold',
        );
      });

      it('should grade it a minute under the threshold minor, and accept it when the branch says so', () => {
        const input = anInput({ previous: before, current: after(gone, retimed(119), inbound) });
        const [candidate] = detectReschedule(
          input,
          settingsWith({ reschedule: { autoAcceptMinor: true } }),
        );

        expect(gradeOf(candidate)).toBe(
          'Minor change: a shift of 1 hour 59 minutes, under the 120-minute threshold',
        );
        expect(candidate?.autoAccept).toBe(true);
      });

      it('should still call another flight number on the route a replacement', () => {
        const [candidate] = check([gone, retimed(30, { flightNumber: '317' }), inbound]);

        expect(gradeOf(candidate)).toMatch(/^Major change: LY315 replaced/);
      });

      it('should call two flights with the number on the route a replacement: which one is the old would be a guess', () => {
        const [candidate] = check([
          gone,
          retimed(30),
          retimed(60, { id: 's10', departure: '2026-03-08 18:00', arrival: '2026-03-08 23:00' }),
          inbound,
        ]);

        expect(candidate?.titleMessage).toMatch(
          /^Flight LY315 TLV-JFK on 08\/03\/2026 10:00 is replaced by/,
        );
        expect(gradeOf(candidate)).toMatch(/^Major change: LY315 replaced/);
      });

      it('should ask to confirm a new segment id at the same times, as a minor change', () => {
        const [candidate] = check([gone, retimed(0), inbound]);

        expect(candidate?.titleMessage).toBe(
          'Flight LY315 TLV-JFK on 08/03/2026 10:00 has a schedule change to confirm',
        );
        expect(gradeOf(candidate)).toBe(
          'Minor change: no time shift, under the 120-minute threshold',
        );
      });
    });

    describe('equipment', () => {
      const on789 = aBooking({ segments: [aSegment({ aircraft: '789' })] });
      const changeTo = (over: Partial<GdsSegment>) =>
        detectReschedule(
          anInput({ previous: on789, current: aBooking({ segments: [moved(30, over)] }) }),
          settingsWith(),
        );

      it('should note another aircraft on a changed flight and keep the change minor', () => {
        const [candidate] = changeTo({ aircraft: '320' });

        expect(candidate?.alerts.map((a) => a.text)).toEqual([
          'Flight LY315 departs 30 minutes later',
          'LY315 now flies a 320, not a 789: check seats and special requests',
          'Minor change: a shift of 30 minutes, under the 120-minute threshold',
        ]);
        expect(candidate?.reason).toContain('LY315 now flies a 320, not a 789');
      });

      it('should note nothing for the same aircraft, or where a side does not name it', () => {
        for (const over of [{ aircraft: '789' }, { aircraft: null }, {}]) {
          const [candidate] = changeTo(over);
          expect(candidate?.alerts.map((a) => a.text).join('\n')).not.toMatch(/now flies/);
        }
      });
    });

    describe('connections', () => {
      // LY315 lands at JFK 15:00; the connection to BOS leaves 16:30: 90 minutes, JFK's
      // minimum for a connection off an international flight (docs/decisions/065).
      const onward = aSegment({
        id: 's4',
        airline: 'B6',
        flightNumber: '1000',
        from: 'JFK',
        to: 'BOS',
        departure: '2026-03-08 16:30',
        arrival: '2026-03-08 17:45',
      });
      const connecting = aBooking({ segments: [outbound, onward] });
      const checkConnection = (first: GdsSegment) =>
        detectReschedule(
          anInput({ previous: connecting, current: aBooking({ segments: [first, onward] }) }),
          settingsWith(),
        );

      it('should keep a connection left exactly at the minimum minor', () => {
        const [later] = checkConnection(moved(0));

        expect(later?.alerts.map((a) => a.text)).toEqual([
          'Flight LY315 TLV-JFK on 08/03/2026 10:00 has a schedule change to confirm',
          'Minor change: no time shift, under the 120-minute threshold',
        ]);
      });

      it('should raise a connection a minute under the minimum, and grade it major', () => {
        const [candidate] = checkConnection(
          aSegment({ departure: '2026-03-08 10:01', arrival: '2026-03-08 15:01', status: 'TK' }),
        );

        expect(candidate?.alerts.map((a) => a.text)).toEqual([
          'Flight LY315 departs 1 minute later',
          'Connection at JFK is now 1 hour 29 minutes, under the 90-minute minimum connecting time at JFK (LY315 to B61000)',
          'Major change: a connection under the minimum',
        ]);
      });

      describe("with the branch's own minimum at the airport (docs/decisions/065's addendum)", () => {
        const ownAtJfk = (domestic: number, international: number) =>
          settingsWith({
            reschedule: { connectionOverrides: [{ airport: 'JFK', domestic, international }] },
          });
        const checkWith = (first: GdsSegment, settings: ReturnType<typeof settingsWith>) =>
          detectReschedule(
            anInput({ previous: connecting, current: aBooking({ segments: [first, onward] }) }),
            settings,
          );
        const textsOf = (candidates: ReturnType<typeof checkWith>) =>
          candidates[0]?.alerts.map((a) => a.text);

        it('should hold a connection to the override, under the published figure and the floor: exactly at it minor, a minute under major', () => {
          // 30 minutes later: 60 minutes at JFK, under the published 90 and at the branch's 60.
          expect(textsOf(checkConnection(moved(30)))).toContain(
            'Connection at JFK is now 1 hour, under the 90-minute minimum connecting time at JFK (LY315 to B61000)',
          );
          // The branch's floor (its minimum, 60) gives way too: 45 minutes hold at JFK.
          const settings = ownAtJfk(30, 45);
          expect(textsOf(checkWith(moved(45), settings))).toEqual([
            'Flight LY315 departs 45 minutes later',
            'Minor change: a shift of 45 minutes, under the 120-minute threshold',
          ]);
          expect(textsOf(checkWith(moved(46), settings))).toEqual([
            'Flight LY315 departs 46 minutes later',
            'Connection at JFK is now 44 minutes, under the 45-minute minimum connecting time at JFK (LY315 to B61000)',
            'Major change: a connection under the minimum',
          ]);
        });

        it('should make a change major that leaves the connection under an override above the published figure', () => {
          expect(textsOf(checkWith(moved(0), ownAtJfk(60, 120)))).toEqual([
            'Flight LY315 TLV-JFK on 08/03/2026 10:00 has a schedule change to confirm',
            'Connection at JFK is now 1 hour 30 minutes, under the 120-minute minimum connecting time at JFK (LY315 to B61000)',
            'Major change: a connection under the minimum',
          ]);
          // Another airport's override changes nothing at JFK.
          const elsewhere = settingsWith({
            reschedule: {
              connectionOverrides: [{ airport: 'LHR', domestic: 120, international: 120 }],
            },
          });
          expect(textsOf(checkWith(moved(0), elsewhere))).toEqual([
            'Flight LY315 TLV-JFK on 08/03/2026 10:00 has a schedule change to confirm',
            'Minor change: no time shift, under the 120-minute threshold',
          ]);
        });
      });

      it('should say a connection is lost when the next flight leaves before the first lands', () => {
        const [candidate] = checkConnection(moved(120));

        expect(candidate?.alerts.map((a) => a.text)).toContain(
          'Connection at JFK is lost: B61000 leaves before LY315 lands (LY315 to B61000)',
        );
      });

      // The onward flight leaves from Newark: a change of airport within New York City.
      const fromNewark = aSegment({
        id: 's4',
        airline: 'UA',
        flightNumber: '1',
        from: 'EWR',
        to: 'BOS',
        departure: '2026-03-08 18:00',
        arrival: '2026-03-08 19:15',
      });
      const acrossTown = (first: GdsSegment) =>
        detectReschedule(
          anInput({
            previous: aBooking({ segments: [outbound, fromNewark] }),
            current: aBooking({ segments: [first, fromNewark] }),
          }),
          settingsWith(),
        );

      it('should flag a change of airport within the city and hold it to 3 hours, not a minute less', () => {
        const [atMinimum] = acrossTown(moved(0));
        const [under] = acrossTown(
          aSegment({ departure: '2026-03-08 10:01', arrival: '2026-03-08 15:01', status: 'TK' }),
        );

        expect(atMinimum?.alerts.map((a) => a.text)).toEqual([
          'Flight LY315 TLV-JFK on 08/03/2026 10:00 has a schedule change to confirm',
          'Connection at New York City changes airports, JFK to EWR (LY315 to UA1)',
          'Minor change: no time shift, under the 120-minute threshold',
        ]);
        expect(under?.alerts.map((a) => a.text)).toEqual([
          'Flight LY315 departs 1 minute later',
          'Connection at New York City changes airports, JFK to EWR (LY315 to UA1)',
          'Connection at New York City is now 2 hours 59 minutes, under the 180-minute minimum for a change of airport (LY315 to UA1)',
          'Major change: a connection under the minimum',
        ]);
      });
    });

    describe('accepting minor changes automatically', () => {
      const settings = settingsWith({ reschedule: { autoAcceptMinor: true } });
      const decide = (segment: GdsSegment, over = settings) =>
        detectReschedule(anInput({ previous: before, current: after(segment, inbound) }), over)[0]
          ?.autoAccept;

      it('should accept a minor change when the branch says so', () => {
        expect(decide(moved(30))).toBe(true);
      });

      it('should leave a major change to the agent', () => {
        expect(decide(moved(120))).toBe(false);
      });

      it('should leave a minor change to the agent when the branch has not said so', () => {
        expect(decide(moved(30), settingsWith())).toBe(false);
      });

      it('should not accept a minor change with no new times to confirm (still HK)', () => {
        expect(decide(moved(30, { status: 'HK' }))).toBe(false);
      });
    });
  });
});

describe('grading by the rules (issue 35)', () => {
  const plus = (local: string, minutes: number) =>
    new Date(Date.parse(`${local.replace(' ', 'T')}:00Z`) + minutes * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
  /** The segment as the airline changed it: TK, `minutes` later, with anything else given. */
  const changed = (was: GdsSegment, minutes: number, over: Partial<GdsSegment> = {}) =>
    aSegment({
      ...was,
      departsAt: undefined,
      arrivesAt: undefined,
      departure: plus(was.departure, minutes),
      arrival: plus(was.arrival, minutes),
      status: 'TK',
      ...over,
    });
  const texts = (was: GdsSegment[], now: GdsSegment[]) => {
    const [candidate, ...rest] = detectReschedule(
      anInput({ previous: aBooking({ segments: was }), current: aBooking({ segments: now }) }),
      settingsWith(),
    );
    expect(rest).toEqual([]);
    const lines = candidate?.alerts.map((alert) => alert.text) ?? [];
    return {
      grade: lines.find((text) => /^(Major|Minor) change/.test(text)),
      refund: lines.find((text) => text.startsWith('Refund-eligible')) ?? null,
    };
  };
  const telAvivLondon = aSegment({ from: 'TLV', to: 'LHR', arrival: '2026-03-08 13:30' });
  const eilat = aSegment({
    from: 'TLV',
    to: 'ETM',
    flightNumber: '1',
    arrival: '2026-03-08 11:00',
  });
  const newYorkLa = aSegment({
    from: 'JFK',
    to: 'LAX',
    airline: 'AA',
    flightNumber: '1',
    departure: '2026-03-08 08:00',
    arrival: '2026-03-08 11:30',
  });

  it('should grade a cabin downgrade that arrives as TK major, with no time shift, and refund-eligible to the US', () => {
    const business = aSegment({ flightClass: 'C' });

    expect(texts([business], [changed(business, 0, { flightClass: 'Y' })])).toEqual({
      grade: 'Major change: LY315 downgraded from business (C) to economy (Y)',
      refund:
        'Refund-eligible if the traveller does not accept it: a significant change under the US DOT rule (14 CFR 260.2): LY315 downgraded from business (C) to economy (Y)',
    });
  });

  it('should grade another class of the same cabin minor', () => {
    expect(texts([outbound], [changed(outbound, 0, { flightClass: 'B' })]).grade).toBe(
      'Minor change: no time shift, under the 120-minute threshold',
    );
  });

  it('should grade a change of airport major and refund-eligible', () => {
    expect(texts([outbound], [changed(outbound, 0, { to: 'EWR' })])).toEqual({
      grade: 'Major change: LY315 now lands at EWR, not JFK',
      refund:
        'Refund-eligible if the traveller does not accept it: a significant change under the US DOT rule (14 CFR 260.2): LY315 now lands at EWR, not JFK',
    });
  });

  it('should grade a change of operating airline major, though not refund-eligible by itself', () => {
    expect(texts([outbound], [changed(outbound, 0, { operatingAirline: 'AA' })])).toEqual({
      grade: 'Major change: LY315 now operated by AA, not LY',
      refund: null,
    });
  });

  describe('a flight changed again while its first change is pending (TK)', () => {
    const pendingChange = changed(aSegment({ flightClass: 'C', aircraft: '789' }), 30);
    const againOn = (over: Partial<GdsSegment>) => {
      const input = anInput({
        previous: aBooking({ segments: [pendingChange] }),
        current: aBooking({ segments: [{ ...pendingChange, ...over }] }),
        pending: [
          aPending({ id: 7, type: 'Reschedule', dedupeKey: 'SC:s1:x', segmentIds: ['s1'] }),
        ],
      });
      return detectReschedule(input, settingsWith());
    };
    const gradeOf = (candidates: ReturnType<typeof againOn>) =>
      candidates[0]?.alerts.map((a) => a.text).find((t) => /^(Major|Minor) change/.test(t));

    it('should raise a downgrade, major, in place of the pending change', () => {
      const candidates = againOn({ flightClass: 'Y' });

      expect(candidates).toHaveLength(1);
      expect(candidates[0]?.supersedes).toEqual([7]);
      expect(gradeOf(candidates)).toBe(
        'Major change: LY315 downgraded from business (C) to economy (Y)',
      );
    });

    it('should grade the downgrade together with the pending shift, against the flight as ticketed', () => {
      const ticketed = aSegment({ flightClass: 'C', aircraft: '789' });
      const input = anInput({
        previous: aBooking({ segments: [pendingChange] }),
        current: aBooking({ segments: [{ ...pendingChange, flightClass: 'Y' }] }),
        pending: [
          aPending({
            id: 7,
            type: 'Reschedule',
            dedupeKey: 'SC:s1:x',
            segmentIds: ['s1'],
            oldFlights: [flightDataOf(ticketed)],
          }),
        ],
      });
      const [candidate] = detectReschedule(input, settingsWith());

      expect(candidate?.alerts.map((a) => a.text).slice(0, 3)).toEqual([
        'Flight LY315 is now in economy (Y), not business (C)',
        'Flight LY315 departs 30 minutes later',
        'Major change: LY315 downgraded from business (C) to economy (Y)',
      ]);
      expect(candidate?.data.sc?.oldFlights).toEqual([flightDataOf(ticketed)]);
    });

    it('should say in its title what changed besides the times', () => {
      expect(againOn({ to: 'EWR' })[0]?.titleMessage).toBe(
        'Flight LY315 now lands at EWR, not JFK',
      );
      expect(againOn({ operatingAirline: 'AA' })[0]?.titleMessage).toBe(
        'Flight LY315 is now operated by AA, not LY',
      );
      expect(againOn({ flightClass: 'Y' })[0]?.titleMessage).toBe(
        'Flight LY315 is now in economy (Y), not business (C)',
      );
    });

    it('should raise a change of airport and of operating airline, major', () => {
      expect(gradeOf(againOn({ to: 'EWR' }))).toBe('Major change: LY315 now lands at EWR, not JFK');
      expect(gradeOf(againOn({ operatingAirline: 'AA' }))).toBe(
        'Major change: LY315 now operated by AA, not LY',
      );
    });

    it('should raise an aircraft swapped, minor, with its note', () => {
      const [candidate] = againOn({ aircraft: '77W' });

      expect(candidate?.alerts.map((a) => a.text)).toContain(
        'LY315 now flies a 77W, not a 789: check seats and special requests',
      );
      expect(gradeOf([candidate!])).toBe(
        'Minor change: no time shift, under the 120-minute threshold',
      );
    });

    it('should raise nothing when a snapshot first names the aircraft', () => {
      const unnamed = { ...pendingChange, aircraft: null };
      const input = anInput({
        previous: aBooking({ segments: [unnamed] }),
        current: aBooking({ segments: [pendingChange] }),
      });

      expect(detectReschedule(input, settingsWith())).toEqual([]);
    });
  });

  it('should raise nothing when the agent rebooks a confirmed flight in another class (a reprice)', () => {
    const input = anInput({
      previous: aBooking({ segments: [outbound] }),
      current: aBooking({ segments: [{ ...outbound, flightClass: 'M' }] }),
    });

    expect(detectReschedule(input, settingsWith())).toEqual([]);
  });

  it('should grade a flight leaving earlier major from the earlier line, not the later one', () => {
    expect(texts([telAvivLondon], [changed(telAvivLondon, -59)]).grade).toBe(
      'Minor change: a shift of 59 minutes, under the 120-minute threshold',
    );
    expect(texts([telAvivLondon], [changed(telAvivLondon, -60)]).grade).toBe(
      'Major change: LY315 leaves 1 hour earlier, at or over the 60-minute line for earlier departures',
    );
  });

  it('should grade a domestic flight by the domestic line', () => {
    expect(texts([eilat], [changed(eilat, 59)]).grade).toBe(
      'Minor change: a shift of 59 minutes, under the 60-minute threshold for domestic flights',
    );
    expect(texts([eilat], [changed(eilat, 60)]).grade).toBe(
      'Major change: a shift of 1 hour, at or over the 60-minute threshold for domestic flights',
    );
  });

  it('should call an added connection major and refund-eligible', () => {
    const toLondon = changed(telAvivLondon, 0, { id: 's9', status: 'TK' });
    const onward = aSegment({
      id: 's10',
      from: 'LHR',
      to: 'JFK',
      departure: '2026-03-08 16:00',
      arrival: '2026-03-08 19:00',
      status: 'TK',
    });
    const candidates = detectReschedule(
      anInput({
        previous: aBooking({ segments: [outbound] }),
        current: aBooking({ segments: [{ ...outbound, status: 'UN' }, toLondon, onward] }),
      }),
      settingsWith(),
    );

    const lines = candidates.flatMap((c) => c.alerts.map((alert) => alert.text));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Major change: .*an added connection \(2 flights where there were 1\)/,
      ),
    );
    expect(lines).toContainEqual(expect.stringContaining('US DOT rule (14 CFR 260.2)'));
  });

  it("should mark a shift refund-eligible at the DOT's 3 hours within the US and 6 hours to it, not under", () => {
    expect(texts([newYorkLa], [changed(newYorkLa, 179)]).refund).toBeNull();
    expect(texts([newYorkLa], [changed(newYorkLa, 180)]).refund).toBe(
      'Refund-eligible if the traveller does not accept it: a significant change under the US DOT rule (14 CFR 260.2): a shift of 3 hours',
    );
    expect(texts([outbound], [changed(outbound, 359)]).refund).toBeNull();
    expect(texts([outbound], [changed(outbound, 360)]).refund).toMatch(/: a shift of 6 hours$/);
  });

  it('should say nothing of the DOT on a flight that does not touch the US', () => {
    expect(texts([telAvivLondon], [changed(telAvivLondon, 400)]).refund).toBeNull();
  });
});

// The cases of the engine's rules as a simulated booking lives them (docs/decisions/066): each
// is seen in the booking itself, check by check, and judged by what the detectors raised by the
// end of that check. One booking's case counts once, at the check it was first seen.
import { countryOf } from '@/gds/airport-place';
import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import { AIRLINE_WAITLIST_STATUSES, WAITLIST_REPLY_ACTION } from '@smt/shared';
import { departureMs, arrivalMs, dayOf, flightName } from '@/monitoring/notification-data-of';
import { cabinOf } from '@/monitoring/detectors/cabin-of';
import type { Candidate, TravellerBooking } from '@/monitoring/detectors/detector';

export const CASES = {
  equipment: {
    figure:
      'aircraft swapped alone: noted in the alert, graded minor (with a pending change, noted)',
    source: 'an equipment change is noted, never major by itself (decision 062)',
  },
  renumber: {
    figure: 'flights renumbered with nothing else changed or pending: graded minor',
    source: 'a renumber alone is minor (decision 062)',
  },
  downgrade: {
    figure: 'cabin downgrades: graded major, refund-eligible on US flights',
    source: 'US DOT 14 CFR 260.2; airlines name a downgrade (decision 062)',
  },
  airport: {
    figure: 'flights moved to another New York airport: graded major',
    source: 'US DOT 14 CFR 260.2: a change of airport (decision 062)',
  },
  operator: {
    figure: 'flights handed to another operating airline: graded major',
    source: "airlines' schedule-change policies (decision 062)",
  },
  reply: {
    figure: 'requests answered US, UU, TL or TN: told to move to HL or HN, never to remove',
    source: 'GDS status codes: keep the waitlist (decision 038)',
  },
  request: {
    figure: 'requests (HN) unanswered for 24 hours: chased',
    source: "the branch's requestChaseHours, 24 by default (decision 038)",
  },
  waitlistBeside: {
    figure: 'waitlists (HL) beside a confirmed seat on the same route and day: flagged',
    source: "airlines' ADM policies: two seats for one journey (decision 040)",
  },
  doubleSold: {
    figure: 'flights held twice in one PNR: flagged',
    source: "airlines' ADM policies: duplicates inside a PNR (decision 063)",
  },
  overlap: {
    figure: "a traveller's second trip overlapping a flight of their first: flagged",
    source:
      "overlapping itineraries billed as duplicates (Lufthansa Group's agency policy, decision 063)",
  },
  chainOver: {
    figure: 'rebookings after 3 or more lapsed PNRs of the traveller and flight: churning raised',
    source:
      "cancel-and-rebook 'across one or more PNRs' (Lufthansa Group), 3 by default (decision 063)",
  },
  chainUnder: {
    figure: 'rebookings after 1 or 2 lapsed PNRs: churning not raised',
    source: "under the branch's line of 3 cancellations (decision 038)",
  },
} as const;
export type CaseName = keyof typeof CASES;

type Check = { name: CaseName; key: string; holds: (raised: Candidate[]) => boolean };

/** Each case's bookings seen and, of them, judged as its rule says. */
export type CaseTally = Record<CaseName, { seen: number; right: number; misses: string[] }>;

export function emptyTally(): CaseTally {
  const tally = {} as CaseTally;
  for (const name of Object.keys(CASES) as CaseName[])
    tally[name] = { seen: 0, right: 0, misses: [] };
  return tally;
}

export function addTallies(into: CaseTally, from: CaseTally): void {
  for (const name of Object.keys(CASES) as CaseName[]) {
    into[name].seen += from[name].seen;
    into[name].right += from[name].right;
    into[name].misses.push(...from[name].misses);
  }
}

const CONFIRMED: readonly string[] = ['HK', 'TK', 'KK', 'KL'];
const holdsSeat = (s: GdsSegment) => CONFIRMED.includes(s.status);
const onSegment = (c: Candidate, segment: GdsSegment) => c.segmentIds.includes(segment.id);
const rescheduleOf = (raised: Candidate[], segment: GdsSegment) =>
  raised.find((c) => c.type === 'Reschedule' && onSegment(c, segment));
const grade = (c: Candidate | undefined) =>
  c?.alerts.find((a) => /^(Major|Minor) change/.test(a.text))?.text.slice(0, 5);
const isUs = (s: GdsSegment) => countryOf(s.from) === 'US' || countryOf(s.to) === 'US';

/** The schedule-change cases between two snapshots of a booking, graded by this check's alerts. */
function changeChecks(
  previous: GdsBooking,
  current: GdsBooking,
  raisedNow: () => Candidate[],
): Check[] {
  const before = new Map(previous.segments.map((s) => [s.id, s]));
  const changed = current.segments.filter((s) => {
    const was = before.get(s.id);
    return was && JSON.stringify(was) !== JSON.stringify(s);
  });
  const checks: Check[] = [];
  for (const now of changed) {
    const was = before.get(now.id)!;
    const sameTimes = departureMs(was) === departureMs(now) && arrivalMs(was) === arrivalMs(now);
    const alone = changed.length === 1 && sameTimes && was.from === now.from && was.to === now.to;
    const reschedule = () => rescheduleOf(raisedNow(), now);
    /** An earlier change of the flight waits unhandled: the new one is graded with it. */
    const waiting = was.status === 'TK';
    if (was.aircraft !== now.aircraft && alone && was.flightNumber === now.flightNumber)
      checks.push({
        name: 'equipment',
        key: now.id,
        // A change still pending on the flight is graded with it (decision 066): noted, then.
        holds: () =>
          (waiting || grade(reschedule()) === 'Minor') &&
          (reschedule()?.alerts.some((a) => a.text.includes(`now flies a ${now.aircraft}`)) ??
            false),
      });
    if (flightName(was) !== flightName(now) && alone && !waiting && was.aircraft === now.aircraft)
      checks.push({ name: 'renumber', key: now.id, holds: () => grade(reschedule()) === 'Minor' });
    if (cabinOf(now.flightClass) !== cabinOf(was.flightClass))
      checks.push({
        name: 'downgrade',
        key: now.id,
        holds: () =>
          grade(reschedule()) === 'Major' &&
          (!isUs(now) ||
            (reschedule()?.alerts.some((a) => a.text.startsWith('Refund-eligible')) ?? false)),
      });
    if (was.from !== now.from || was.to !== now.to)
      checks.push({ name: 'airport', key: now.id, holds: () => grade(reschedule()) === 'Major' });
    if ((was.operatingAirline ?? null) !== (now.operatingAirline ?? null))
      checks.push({ name: 'operator', key: now.id, holds: () => grade(reschedule()) === 'Major' });
  }
  return checks;
}

const replies: readonly string[] = AIRLINE_WAITLIST_STATUSES;

/** The cases a booking holds at a check, whatever changed. */
function stateChecks(current: GdsBooking, at: number, chaseHours: number): Check[] {
  const checks: Check[] = [];
  const ahead = current.segments.filter((s) => departureMs(s) > at);
  for (const segment of ahead) {
    if (replies.includes(segment.status)) {
      const to =
        WAITLIST_REPLY_ACTION[segment.status as (typeof AIRLINE_WAITLIST_STATUSES)[number]];
      checks.push({
        name: 'reply',
        key: `${segment.id}:${segment.status}`,
        holds: (raised) =>
          raised.some(
            (c) =>
              c.dedupeKey.startsWith(`HLR:${segment.id}:${segment.status}:`) &&
              c.alerts.some((a) => a.text.includes(`change it to ${to}`)),
          ) && !raised.some((c) => c.type === 'SegmentRemoval' && onSegment(c, segment)),
      });
    }
    const asked = current.history.findLast(
      (e) =>
        e.action === 'SOLD' &&
        e.flightNumber === segment.flightNumber &&
        e.departure === segment.departure,
    );
    if (segment.status === 'HN' && asked && at - Date.parse(asked.at) >= chaseHours * 3_600_000)
      checks.push({
        name: 'request',
        key: segment.id,
        holds: (raised) => raised.some((c) => c.dedupeKey.startsWith(`HN:${segment.id}:`)),
      });
    if (segment.status === 'HL') {
      const held = ahead.find(
        (s) =>
          holdsSeat(s) &&
          s.from === segment.from &&
          s.to === segment.to &&
          dayOf(s.departure) === dayOf(segment.departure),
      );
      if (held)
        checks.push({
          name: 'waitlistBeside',
          key: segment.id,
          holds: (raised) => raised.some((c) => c.dedupeKey === `DUPWL:${segment.id},${held.id}`),
        });
    }
  }
  const seats = ahead.filter(holdsSeat);
  for (const [i, segment] of seats.entries()) {
    const twin = seats
      .slice(0, i)
      .find(
        (s) =>
          flightName(s) === flightName(segment) && dayOf(s.departure) === dayOf(segment.departure),
      );
    if (twin)
      checks.push({
        name: 'doubleSold',
        key: segment.id,
        holds: (raised) => raised.some((c) => c.dedupeKey === `DUPIN:${twin.id},${segment.id}`),
      });
  }
  return checks;
}

/** A flight of another booking of the traveller in the air while one of this booking's is. */
function overlapChecks(current: GdsBooking, at: number, travellers: TravellerBooking[]): Check[] {
  const mine = current.segments.filter((s) => holdsSeat(s) && departureMs(s) > at);
  return travellers.flatMap((other) =>
    mine.flatMap((segment) => {
      const overlapping = other.segments.find(
        (s) =>
          holdsSeat(s as GdsSegment) &&
          flightName(s) !== flightName(segment) &&
          departureMs(s) < arrivalMs(segment) &&
          departureMs(segment) < arrivalMs(s),
      );
      if (!overlapping) return [];
      return [
        {
          name: 'overlap' as const,
          key: `${segment.id}:${other.locator}`,
          holds: (raised: Candidate[]) =>
            raised.some((c) => c.dedupeKey.startsWith(`DUPOV:${segment.id}:${other.locator}:`)),
        },
      ];
    }),
  );
}

/** Watches one booking's life for its cases. */
export class CaseWatch {
  readonly tally = emptyTally();
  private readonly counted = new Set<string>();
  private checks: Check[] = [];
  private from = 0;

  constructor(
    private readonly chaseHours: number,
    private readonly locator = '',
  ) {}

  /** Before the detectors run: what this check should show. */
  before(
    previous: GdsBooking | null,
    current: GdsBooking,
    at: number,
    travellers: TravellerBooking[],
    raised: Candidate[],
  ): void {
    this.from = raised.length;
    this.checks = [
      ...(previous ? changeChecks(previous, current, () => raised.slice(this.from)) : []),
      ...stateChecks(current, at, this.chaseHours),
      ...overlapChecks(current, at, travellers),
    ];
  }

  /** After the detectors ran: each case seen for the first time, judged on what was raised. */
  after(raised: Candidate[]): void {
    for (const check of this.checks) {
      const id = `${check.name}:${check.key}`;
      if (this.counted.has(id)) continue;
      this.counted.add(id);
      this.tally[check.name].seen += 1;
      if (check.holds(raised)) this.tally[check.name].right += 1;
      else this.tally[check.name].misses.push(`${this.locator} ${check.key}`);
    }
    this.checks = [];
  }
}

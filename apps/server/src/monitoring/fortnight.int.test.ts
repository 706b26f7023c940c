import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayText } from '@smt/shared';
import {
  auditLog,
  bookings,
  branches,
  deliveries,
  notifications,
  priceQuotes,
  processSettings,
  subscriptions,
} from '@/db/schema';
import type { NewBooking } from '@/gds/gds-types';
import { ticket } from '@/gds/simulator/evolve';
import { bookingFromRequest } from '@/gds/simulator/make-booking';
import { rngFor } from '@/gds/simulator/random';
import type { SimEvent, SimRecord } from '@/gds/simulator/sim-types';
import { type Simulator } from '@/gds/simulator/simulator';
import { Clock } from '@/lib/clock';
import { silentLog } from '../../test/silent-log';
import { createStillDemoWorld } from '../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';
import { ticketValidityEnd } from './detectors/reprice-saving';

// Issue 21's and issue 35's cases over a scripted fortnight: a handful of bookings built for them, the GDS
// clock moved six hours at a time and the engine run after each move, on Tel Aviv's branch,
// which accepts minor schedule changes automatically. What is raised is asserted exactly.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A winter Monday: Tel Aviv is UTC+2.
const START = Date.parse('2027-01-11T06:00:00Z');

type Case =
  | 'lapsed'
  | 'minor'
  | 'major'
  | 'waitlist'
  | 'churned'
  | 'duplicateFirst'
  | 'duplicateSecond'
  | 'underway'
  | 'repriceTicketed'
  | 'repriceEaten'
  | 'minorBesideMajor'
  | 'rebookLapsed'
  | 'rebookAgain'
  | 'changedAgain'
  | 'cityChange'
  | 'requested'
  | 'overlapFirst'
  | 'overlapSecond'
  | 'airportChanged'
  | 'earlier'
  | 'operatorChanged';

/** A booking of the demo agent Adam (TLV1, AA), on LY flights of the timetable's shape. */
function request(
  flights: { number: string; from: string; to: string; departure: string; arrival: string }[],
  traveller = { firstName: 'NOA', lastName: 'BARAK' },
  ticketingTimeLimit: number | null = START + 30 * DAY,
): NewBooking {
  return {
    pcc: 'TLV1',
    agentInitials: 'AA',
    type: 'REGULAR',
    passengers: [{ title: 'MS', ...traveller, type: 'ADT', phone: null, email: null }],
    contact: { name: `${traveller.firstName} ${traveller.lastName}`, phone: null, email: null },
    segments: flights.map((f) => ({
      airline: 'LY',
      flightNumber: f.number,
      from: f.from,
      to: f.to,
      departure: f.departure,
      arrival: f.arrival,
      flightClass: 'Y',
    })),
    ticketingTimeLimit:
      ticketingTimeLimit === null ? null : new Date(ticketingTimeLimit).toISOString(),
  };
}

const toLondon = {
  number: '315',
  from: 'TLV',
  to: 'LHR',
  departure: '2027-02-10 10:00',
  arrival: '2027-02-10 13:30',
};
const back = {
  number: '316',
  from: 'LHR',
  to: 'TLV',
  departure: '2027-02-17 15:00',
  arrival: '2027-02-17 21:30',
};

// A trip flown inside the fortnight: out on day 3, home on day 9, on to Eilat on day 10.
const outEarly = { ...toLondon, departure: '2027-01-14 10:00', arrival: '2027-01-14 13:30' };
const homeEarly = { ...back, departure: '2027-01-20 15:00', arrival: '2027-01-20 21:30' };
const toEilat = {
  number: '1',
  from: 'TLV',
  to: 'ETM',
  departure: '2027-01-21 08:00',
  arrival: '2027-01-21 09:00',
};

function recordOf(
  locator: string,
  booking: NewBooking,
  plan: { ticketed?: boolean; events?: (record: SimRecord) => SimEvent[] } = {},
): SimRecord {
  const record = bookingFromRequest(rngFor(1, 'fortnight', locator), locator, booking, START - DAY);
  if (plan.ticketed) ticket(record.booking, START - DAY);
  record.events = plan.events?.(record) ?? [];
  return record;
}

/**
 * Unticketed at 3,000.00 USD, its fare filed again at 2,700.00 from the first hour, ticketed by
 * hand on day 2; each ticket then changes for `changeFee`, and the fare, non-refundable, keeps
 * the difference of a reissue as airline credit (decision 067).
 */
function repricedThenTicketed(locator: string, lastName: string, changeFee: number): SimRecord {
  const record = recordOf(locator, request([toLondon, back], { firstName: 'ADI', lastName }), {
    events: () => [{ kind: 'TICKETED', at: START + 2 * DAY }],
  });
  const stored = record.booking.storedFare!;
  record.booking.storedFare = {
    ...stored,
    total: 3000,
    currency: 'USD',
    penalties: {
      ...stored.penalties,
      currency: 'USD',
      change: { allowed: true, amount: changeFee },
      refund: { allowed: false, amount: 0 },
      residual: 'credit',
    },
  };
  record.baseTotal = 3000;
  record.drops = [
    {
      at: START + HOUR,
      until: START + 20 * DAY,
      kind: 'GENUINE',
      bookingClass: stored.flightClass,
      fareBasis: stored.fareBasis,
      factor: 0.9,
    },
  ];
  return record;
}

/** The booking with its segments at the given statuses and classes, as the GDS shows them. */
function withSegments(
  record: SimRecord,
  over: Partial<Pick<SimRecord['booking']['segments'][number], 'status' | 'flightClass'>>[],
): SimRecord {
  over.forEach((fields, i) => Object.assign(record.booking.segments[i]!, fields));
  return record;
}

const CASES: Record<Case, SimRecord> = {
  // Not ticketed; its time limit 3 days 18 hours on: due, last call, then cancelled (HX).
  lapsed: recordOf('FNLAPS', request([toLondon, back], undefined, START + 90 * HOUR)),
  // Ticketed; the outbound leaves 30 minutes later from day 2: minor, accepted automatically.
  minor: recordOf('FNMINR', request([toLondon, back], { firstName: 'DAN', lastName: 'ROSEN' }), {
    ticketed: true,
    events: () => [{ kind: 'TIME_CHANGE', at: START + 2 * DAY, segmentId: 'S1', minutes: 30 }],
  }),
  // Ticketed; the return leaves 2 hours 30 minutes later from day 3: major, left to the agent.
  major: recordOf('FNMAJR', request([toLondon, back], { firstName: 'LEA', lastName: 'SHAI' }), {
    ticketed: true,
    events: () => [{ kind: 'TIME_CHANGE', at: START + 3 * DAY, segmentId: 'S2', minutes: 150 }],
  }),
  // First seen with the return's waitlist already cleared by the airline (KK).
  waitlist: (() => {
    const record = recordOf(
      'FNWAIT',
      request([toLondon, back], { firstName: 'OMER', lastName: 'TAL' }),
      {
        ticketed: true,
      },
    );
    record.booking.segments[1]!.status = 'KK';
    return record;
  })(),
  // The outbound cancelled and sold again four times over days 1 to 4.
  churned: recordOf('FNCHRN', request([toLondon], { firstName: 'GIL', lastName: 'AMIR' }), {
    ticketed: true,
    events: () =>
      [1, 2, 3, 4].map((day): SimEvent => ({
        kind: 'CHURN',
        at: START + day * DAY,
        segmentId: 'S1',
      })),
  }),
  // Ruth Levi on LY315 on 10 February twice, in two bookings of the same agent.
  duplicateFirst: recordOf('FNDUP1', request([toLondon], { firstName: 'RUTH', lastName: 'LEVI' }), {
    ticketed: true,
  }),
  duplicateSecond: recordOf(
    'FNDUP2',
    request([toLondon], { firstName: 'Ruth', lastName: 'Levi' }),
    {
      ticketed: true,
    },
  ),
  // Alerted at a 300.00 saving; once ticketed a 150.00 change fee leaves 150.00: updated.
  repriceTicketed: repricedThenTicketed('FNRPTK', 'MOR', 150),
  // Alerted at a 300.00 saving; once ticketed a 350.00 change fee eats it: withdrawn.
  repriceEaten: repricedThenTicketed('FNRPEA', 'KATZ', 350),
  // Ticketed; on day 4 the outbound leaves 30 minutes later (minor) and the airline cancels the
  // return (major): only the minor change is accepted automatically.
  minorBesideMajor: recordOf(
    'FNMXED',
    request([toLondon, back], { firstName: 'ROY', lastName: 'SAGI' }),
    {
      ticketed: true,
      events: () => [
        { kind: 'TIME_CHANGE', at: START + 4 * DAY, segmentId: 'S1', minutes: 30 },
        { kind: 'CANCELLED_BY_AIRLINE', at: START + 4 * DAY, segmentId: 'S2' },
      ],
    },
  ),
  // Dov Ezra's LY315 in two PNRs (decision 063): the first churned once on day 1 and let lapse
  // at its time limit on day 2 (HX); the second, held all along, churned once on day 3. Three
  // releases of one seat across two PNRs: churning, on the PNR that holds the flight.
  rebookLapsed: recordOf(
    'FNRBK1',
    request([toLondon], { firstName: 'DOV', lastName: 'EZRA' }, START + 2 * DAY),
    { events: () => [{ kind: 'CHURN', at: START + DAY, segmentId: 'S1' }] },
  ),
  rebookAgain: recordOf('FNRBK2', request([toLondon], { firstName: 'DOV', lastName: 'EZRA' }), {
    events: () => [{ kind: 'CHURN', at: START + 3 * DAY, segmentId: 'S1' }],
  }),
  // Ticketed in business; the return leaves 2 hours 30 minutes later on day 2 (major, pending)
  // and, that change still pending, is downgraded to economy on day 3: the downgrade is news.
  changedAgain: withSegments(
    recordOf('FNAGAN', request([toLondon, back], { firstName: 'ELI', lastName: 'BEN' }), {
      ticketed: true,
      events: () => [
        { kind: 'TIME_CHANGE', at: START + 2 * DAY, segmentId: 'S2', minutes: 150 },
        { kind: 'DOWNGRADE', at: START + 3 * DAY, segmentId: 'S2', flightClass: 'Y' },
      ],
    }),
    [{ flightClass: 'C' }, { flightClass: 'C' }],
  ),
  // Ticketed; London Heathrow, then on from Gatwick 4 hours 30 minutes later. On day 2 the
  // first flight lands 100 minutes later: 2 hours 50 minutes to change airports, under 3 hours.
  cityChange: recordOf(
    'FNCITY',
    request(
      [
        toLondon,
        {
          number: '2',
          from: 'LGW',
          to: 'JFK',
          departure: '2027-02-10 18:00',
          arrival: '2027-02-10 21:00',
        },
      ],
      { firstName: 'HILA', lastName: 'COHEN' },
    ),
    {
      ticketed: true,
      events: () => [{ kind: 'TIME_CHANGE', at: START + 2 * DAY, segmentId: 'S1', minutes: 100 }],
    },
  ),
  // Held on LY315; LY319 of the same day requested (HN) and answered 'unable, have waitlisted'
  // (US) on day 2; the return requested and never answered.
  requested: withSegments(
    recordOf(
      'FNREQS',
      request(
        [
          toLondon,
          {
            ...toLondon,
            number: '319',
            departure: '2027-02-10 14:00',
            arrival: '2027-02-10 17:30',
          },
          back,
        ],
        { firstName: 'NIR', lastName: 'AVNI' },
      ),
      {
        events: () => [
          { kind: 'AIRLINE_REPLY', at: START + 2 * DAY, segmentId: 'S2', status: 'US', minutes: 0 },
        ],
      },
    ),
    [{}, { status: 'HN' }, { status: 'HN' }],
  ),
  // Ticketed to New York; on day 2 the flight lands at Newark instead of JFK: major, and
  // refund-eligible under the US DOT's rule.
  airportChanged: recordOf(
    'FNAIRP',
    request(
      [
        {
          number: '001',
          from: 'TLV',
          to: 'JFK',
          departure: '2027-02-10 00:45',
          arrival: '2027-02-10 06:45',
        },
      ],
      { firstName: 'AMIT', lastName: 'GAL' },
    ),
    {
      ticketed: true,
      events: (record) => [
        {
          kind: 'AIRPORT_CHANGE',
          at: START + 2 * DAY,
          segmentId: record.booking.segments[0]!.id,
          end: 'to',
          airport: 'EWR',
        },
      ],
    },
  ),
  // Ticketed; on day 2 the flight leaves an hour earlier: at the branch's earlier line, major.
  earlier: recordOf('FNEARL', request([toLondon], { firstName: 'ROMI', lastName: 'PAZ' }), {
    ticketed: true,
    events: () => [{ kind: 'TIME_CHANGE', at: START + 2 * DAY, segmentId: 'S1', minutes: -60 }],
  }),
  // Ticketed; on day 2 another airline takes over the flying: major, though not the DOT's.
  operatorChanged: recordOf('FNOPER', request([toLondon], { firstName: 'ADI', lastName: 'ROM' }), {
    ticketed: true,
    events: () => [
      { kind: 'OPERATOR_CHANGE', at: START + 2 * DAY, segmentId: 'S1', operatingAirline: 'IZ' },
    ],
  }),
  // Tamar Nir to London in one PNR and, in another made for her the same day, to Rome while
  // she is in the air (decision 063): flagged on the later PNR.
  overlapFirst: recordOf('FNOVL1', request([toLondon], { firstName: 'TAMAR', lastName: 'NIR' }), {
    ticketed: true,
  }),
  overlapSecond: recordOf(
    'FNOVL2',
    request(
      [
        {
          number: '381',
          from: 'TLV',
          to: 'FCO',
          departure: '2027-02-10 11:00',
          arrival: '2027-02-10 14:50',
        },
      ],
      { firstName: 'TAMAR', lastName: 'NIR' },
    ),
    { ticketed: true },
  ),
  // Ticketed; after the outbound has flown, the return leaves 5 hours later (day 5) and the
  // Eilat flight is cancelled by the airline (day 6).
  underway: recordOf(
    'FNUNDR',
    request([outEarly, homeEarly, toEilat], { firstName: 'YAEL', lastName: 'GOLAN' }),
    {
      ticketed: true,
      events: () => [
        { kind: 'TIME_CHANGE', at: START + 5 * DAY, segmentId: 'S2', minutes: 300 },
        { kind: 'INACTIVE', at: START + 6 * DAY, segmentId: 'S3', status: 'HX' },
      ],
    },
  ),
};

describe.each(TEST_DATABASE_KINDS)('a scripted fortnight on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let deps: EngineDeps;
  const idOf = new Map<string, number>();

  async function runEngine() {
    const [tlv] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, tlv!);
    const rows = await database.db
      .select({ id: bookings.id, locator: bookings.pnrNumber })
      .from(bookings)
      .orderBy(asc(bookings.id));
    for (const row of rows.filter((r) => r.locator.startsWith('FN'))) {
      idOf.set(row.locator, row.id);
      await checkBooking(deps, row.id);
    }
  }

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 5, startAt: new Date(START) }));
    deps = { db: database.db, gds: sim, clock: new Clock(), log: silentLog };
    const [tlv] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await database.db.insert(processSettings).values({
      branchId: tlv!.id,
      process: 'SC',
      checkIntervalMinutes: 30,
      params: { minorShiftMinutes: 120, minConnectionMinutes: 60, autoAcceptMinor: true },
    });
    // Tel Aviv's schedule changes are e-mailed branch-wide: what a chased change sends shows.
    await database.db
      .insert(subscriptions)
      .values({ process: 'SC', branchId: tlv!.id, media: 'EMAIL' });
    await sim.importBookings(Object.values(CASES));
    await runEngine();
    for (let step = 0; step < 14 * 4; step += 1) {
      await sim.clock.advance(6 * HOUR);
      await runEngine();
    }
  }, 300_000);
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  const raisedOn = async (locator: string) =>
    database.db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        titleMessage: notifications.titleMessage,
        subtype: notifications.subtype,
        status: notifications.status,
        payload: notifications.payload,
        data: notifications.data,
        notificationTime: notifications.notificationTime,
      })
      .from(notifications)
      .where(eq(notifications.bookingId, idOf.get(locator)!))
      .orderBy(asc(notifications.id));
  const texts = (rows: Awaited<ReturnType<typeof raisedOn>>) =>
    rows.map((row) => [row.type, row.title, row.titleMessage, row.subtype, row.status]);

  it('should escalate the ticketing deadline and, once the airline cancelled, raise one alert naming the segments to remove', async () => {
    const rows = await raisedOn('FNLAPS');
    expect(texts(rows)).toEqual([
      ['TicketingDue', 'Ticketing due', 'Issue tickets by 15/01/2027 00:00 UTC', 'Pending', 'DEL'],
      [
        'TicketingDue',
        'Ticketing due',
        'Last call: issue tickets by 15/01/2027 00:00 UTC',
        'Pending',
        'DEL',
      ],
      [
        'TicketingDue',
        'Ticketing deadline passed',
        'Not ticketed by 15/01/2027 00:00 UTC',
        'Pending',
        'NEW',
      ],
    ]);
    // Raised on the checks at the window's edge (72 hours) and at the last call's (6 hours);
    // the lapsed booking's one alert names each segment in place of an alert each.
    expect(rows.map((row) => row.payload.alerts)).toEqual([
      [{ text: 'Ticketing deadline in 72 hours: 15/01/2027 00:00 UTC' }],
      [
        { text: 'Ticketing deadline in 6 hours: 15/01/2027 00:00 UTC' },
        { text: 'Unticketed segments are cancelled by the airline (HX) at the deadline' },
      ],
      [
        {
          text: 'The airline cancelled the unticketed segments (HX) at the deadline 15/01/2027 00:00 UTC: book again from current availability',
        },
        {
          text: 'Remove LY315 TLV-LHR on 10/02/2027 10:00 (HX), LY316 LHR-TLV on 17/02/2027 15:00 (HX) to avoid an ADM',
        },
      ],
    ]);
    const booking = await sim.retrieveBooking('FNLAPS');
    expect(booking?.segments.map((s) => s.status)).toEqual(['HX', 'HX']);
  });

  it('should go on watching after the outbound has flown, and stop once the last flight landed', async () => {
    const rows = await raisedOn('FNUNDR');
    expect(texts(rows)).toEqual([
      ['Reschedule', 'Schedule change', 'Flight LY316 departs 5 hours later', 'Pending', 'NEW'],
      [
        'SegmentRemoval',
        'Inactive segment',
        'Remove HX flight LY1 TLV-ETM on 21/01/2027 08:00',
        'Pending',
        'DEL',
      ],
      [
        'SegmentRemoval',
        'Inactive segment',
        'Remove HX flight LY1 TLV-ETM on 21/01/2027 08:00 now',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts).toEqual([
      { text: 'Flight LY316 departs 5 hours later' },
      { text: 'Major change: a shift of 5 hours, at or over the 120-minute threshold' },
      // Nobody handled it: the agent reminded after the branch's 24 hours, the managers told
      // after 48 (docs/decisions/064).
      { text: 'Not handled after 24 hours; LY316 leaves in 86 hours: reminded to the agent' },
      {
        text: "Not handled after 48 hours; LY316 leaves in 62 hours: told to the branch's managers",
      },
    ]);
    expect(rows[2]?.payload.alerts).toEqual([
      {
        text: 'Flight LY1 TLV-ETM on 21/01/2027 08:00 is HX (cancelled by the airline): remove it to avoid an ADM',
      },
      {
        text: 'Departure in 24 hours: past the 24-hour limit (20/01/2027 08:00), the airline may charge an ADM',
      },
    ]);
    const [row] = await database.db
      .select({
        isDeparted: bookings.isDeparted,
        isFlown: bookings.isFlown,
        nextCheckAt: bookings.nextCheckAt,
      })
      .from(bookings)
      .where(eq(bookings.id, idOf.get('FNUNDR')!));
    expect(row).toEqual({ isDeparted: true, isFlown: true, nextCheckAt: null });
  });

  it('should update a pending reprice in place once the booking is ticketed and the fees leave less, now as airline credit', async () => {
    const rows = await raisedOn('FNRPTK');
    const fareBasis = CASES.repriceTicketed.booking.storedFare!.fareBasis;
    // The credit lasts as long as the ticket it comes from: a year from its issue.
    const creditLastDay = localDayText(
      ticketValidityEnd(new Date(START + 2 * DAY).toISOString()) ?? '',
    );
    expect(texts(rows)).toEqual([
      [
        'Reprice',
        'Reprice opportunity',
        `Save 150.00 USD as airline credit, expires ${creditLastDay}, by repricing to ${fareBasis}`,
        'Pending',
        'NEW',
      ],
    ]);
    const [alert] = rows;
    expect(alert?.payload.alerts).toEqual(
      expect.arrayContaining([
        { text: 'Fare difference 300.00 USD' },
        { text: 'Change fee 150.00 USD × 1 ticket = 150.00 USD to reissue' },
        {
          text: `The fare does not refund the difference: the airline keeps it as credit, valid until ${creditLastDay}`,
        },
        { text: 'Net saving 150.00 USD as airline credit' },
      ]),
    );
    const [quote] = await database.db
      .select({ saving: priceQuotes.saving })
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, alert!.id));
    expect(quote?.saving).toMatchObject({
      gross: 300,
      tickets: 1,
      change_fee: 150,
      refund_fee: 0,
      kind: 'credit',
      net: 150,
    });
    const [row] = await database.db
      .select({ potentialSaving: notifications.potentialSaving })
      .from(notifications)
      .where(eq(notifications.id, alert!.id));
    expect(row?.potentialSaving).toBe(150);
  });

  it('should withdraw a pending reprice whose saving the change fees eat once the booking is ticketed', async () => {
    const rows = await raisedOn('FNRPEA');
    const fareBasis = CASES.repriceEaten.booking.storedFare!.fareBasis;
    expect(texts(rows)).toEqual([
      [
        'Reprice',
        'Reprice opportunity',
        'Withdrawn: the saving no longer pays: gross 300.00 USD, change fee 1 × 350.00 USD, net -50.00 USD: the fees and bags cost more than the fare saves',
        'Complete',
        'NEW',
      ],
    ]);
    // It said what it was raised with until then.
    expect(rows[0]?.payload.alerts).toContainEqual({
      text: `Fare ${fareBasis} at 3000.00 USD can be repriced to ${fareBasis} at 2700.00 USD`,
    });
  });

  it('should accept the minor change in the GDS, raise it Complete and audit it as the system', async () => {
    const rows = await raisedOn('FNMINR');
    expect(texts(rows)).toEqual([
      [
        'Reschedule',
        'Schedule change',
        'Accepted automatically: Flight LY315 departs 30 minutes later',
        'Complete',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts).toEqual([
      { text: 'Flight LY315 departs 30 minutes later' },
      { text: 'Minor change: a shift of 30 minutes, under the 120-minute threshold' },
    ]);
    const booking = await sim.retrieveBooking('FNMINR');
    expect(booking?.segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
      ['315', '2027-02-10 10:30', 'HK'],
      ['316', '2027-02-17 15:00', 'HK'],
    ]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(rows[0]?.id)), isNull(auditLog.userId)));
    expect(audit).toMatchObject([
      {
        action: 'notification.A',
        entityType: 'notification',
        result: 'SUCCESS',
        realUserId: null,
        details: { op: 'A', by: 'system' },
      },
    ]);
  });

  it('should accept the minor change alone when a major one waits beside it', async () => {
    const rows = await raisedOn('FNMXED');
    expect(texts(rows)).toEqual([
      [
        'Reschedule',
        'Schedule change',
        'Accepted automatically: Flight LY315 departs 30 minutes later',
        'Complete',
        'NEW',
      ],
      [
        'Reschedule',
        'Flight cancelled',
        'Flight LY316 LHR-TLV on 17/02/2027 15:00 was cancelled',
        'Pending',
        'NEW',
      ],
    ]);
    const booking = await sim.retrieveBooking('FNMXED');
    expect(booking?.segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
      ['315', '2027-02-10 10:30', 'HK'],
      ['316', '2027-02-17 15:00', 'UN'],
    ]);
  });

  it('should leave the major change to the agent, graded and pending', async () => {
    const rows = await raisedOn('FNMAJR');
    expect(texts(rows)).toEqual([
      [
        'Reschedule',
        'Schedule change',
        'Flight LY316 departs 2 hours 30 minutes later',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts).toEqual([
      { text: 'Flight LY316 departs 2 hours 30 minutes later' },
      { text: 'Major change: a shift of 2 hours 30 minutes, at or over the 120-minute threshold' },
      {
        text: 'Not handled after 24 hours; LY316 leaves in 803 hours 30 minutes: reminded to the agent',
      },
      {
        text: "Not handled after 48 hours; LY316 leaves in 779 hours 30 minutes: told to the branch's managers",
      },
    ]);
    const booking = await sim.retrieveBooking('FNMAJR');
    expect(booking?.segments[1]?.status).toBe('TK');
    // Raised to the branch's subscribers, the agent reminded, then the managers alone told.
    const sent = await database.db
      .select({ stage: deliveries.stage, recipient: deliveries.recipient })
      .from(deliveries)
      .where(eq(deliveries.notificationId, rows[0]!.id))
      .orderBy(asc(deliveries.stage), asc(deliveries.recipient));
    expect(sent).toEqual([
      { stage: 0, recipient: 'agent@demo.test' },
      { stage: 0, recipient: 'manager@demo.test' },
      { stage: 1, recipient: 'agent@demo.test' },
      { stage: 1, recipient: 'manager@demo.test' },
      { stage: 2, recipient: 'manager@demo.test' },
    ]);
  });

  it('should raise a waitlist the airline cleared before the booking was first seen', async () => {
    const rows = await raisedOn('FNWAIT');
    expect(texts(rows)).toEqual([
      [
        'HoldsWaitlist',
        'Waitlist cleared',
        'Seats available on LY316 LHR-TLV on 17/02/2027 15:00',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts).toEqual([
      { text: 'The airline confirmed LY316 LHR-TLV on 17/02/2027 15:00 (KK): confirm the seats' },
    ]);
  });

  it('should raise churning at the third cancellation and again, in its place, at the fourth', async () => {
    const rows = await raisedOn('FNCHRN');
    expect(texts(rows)).toEqual([
      ['Churning', 'Churning', 'LY315 on 10/02/2027 10:00 cancelled 3 times', 'Pending', 'DEL'],
      ['Churning', 'Churning', 'LY315 on 10/02/2027 10:00 cancelled 4 times', 'Pending', 'NEW'],
    ]);
    expect(rows[1]?.payload.alerts).toEqual([
      {
        text: 'Flight LY315 on 10/02/2027 10:00 was booked and cancelled 4 times: the airline may charge an ADM for churning',
      },
    ]);
  });

  it('should count a PNR let lapse toward churning on the PNR that booked the flight again', async () => {
    const rows = await raisedOn('FNRBK2');
    expect(texts(rows)).toEqual([
      [
        'DuplicateBooking',
        'Duplicate booking',
        'LY315 on 10/02/2027 also held in FNRBK1',
        'Pending',
        'NEW',
      ],
      [
        'Churning',
        'Churning',
        'LY315 on 10/02/2027 10:00 cancelled 3 times across PNRs FNRBK2, FNRBK1',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[1]?.payload.alerts).toEqual([
      {
        text: 'Flight LY315 on 10/02/2027 10:00 was booked and cancelled 3 times across PNRs FNRBK2, FNRBK1: the airline may charge an ADM for churning',
      },
    ]);
    // The lapsed PNR raises its one 'deadline passed', and no churning of its own.
    expect(texts(await raisedOn('FNRBK1')).map(([type, title]) => [type, title])).toEqual([
      ['TicketingDue', 'Ticketing due'],
      ['TicketingDue', 'Ticketing due'],
      ['TicketingDue', 'Ticketing deadline passed'],
    ]);
  });

  it('should tell a flight changed again while its first change is pending against the flight as ticketed, graded with both', async () => {
    const rows = await raisedOn('FNAGAN');
    expect(texts(rows)).toEqual([
      [
        'Reschedule',
        'Schedule change',
        'Flight LY316 departs 2 hours 30 minutes later',
        'Pending',
        'DEL',
      ],
      ['Reschedule', 'Schedule change', 'Schedule change on LY316', 'Pending', 'NEW'],
    ]);
    expect(rows[1]?.payload.alerts.slice(0, 3)).toEqual([
      { text: 'Flight LY316 is now in economy (Y), not business (C)' },
      { text: 'Flight LY316 departs 2 hours 30 minutes later' },
      {
        text: 'Major change: LY316 downgraded from business (C) to economy (Y); a shift of 2 hours 30 minutes, at or over the 120-minute threshold',
      },
    ]);
    // Its old side is the flight as ticketed, in business, not the first change's.
    expect(rows[1]?.data.sc?.oldFlights).toMatchObject([
      { flight_number: '316', departure: '2027-02-17 15:00', flight_class: 'C' },
    ]);
    const booking = await sim.retrieveBooking('FNAGAN');
    expect(booking?.segments[1]).toMatchObject({
      departure: '2027-02-17 17:30',
      flightClass: 'Y',
      status: 'TK',
    });
  });

  it.each([
    [
      'FNAIRP',
      'Flight LY001 now lands at EWR, not JFK',
      [
        'Major change: LY001 now lands at EWR, not JFK',
        'Refund-eligible if the traveller does not accept it: a significant change under the US DOT rule (14 CFR 260.2): LY001 now lands at EWR, not JFK',
      ],
    ],
    [
      'FNEARL',
      'Flight LY315 departs 1 hour earlier',
      [
        'Major change: LY315 leaves 1 hour earlier, at or over the 60-minute line for earlier departures',
      ],
    ],
    [
      'FNOPER',
      'Flight LY315 is now operated by IZ, not LY',
      ['Major change: LY315 now operated by IZ, not LY'],
    ],
  ])(
    'should grade %s major for what changed and leave it to the agent',
    async (locator, title, lines) => {
      const rows = await raisedOn(locator);
      expect(texts(rows)).toEqual([['Reschedule', 'Schedule change', title, 'Pending', 'NEW']]);
      expect(rows[0]?.payload.alerts.slice(0, 1 + lines.length)).toEqual(
        [title, ...lines].map((text) => ({ text })),
      );
    },
  );

  it('should flag a connection that changes airports within a city and hold it to 3 hours', async () => {
    const rows = await raisedOn('FNCITY');
    expect(texts(rows)).toEqual([
      [
        'Reschedule',
        'Schedule change',
        'Flight LY315 departs 1 hour 40 minutes later',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts.slice(0, 4)).toEqual([
      { text: 'Flight LY315 departs 1 hour 40 minutes later' },
      { text: 'Connection at London changes airports, LHR to LGW (LY315 to LY2)' },
      {
        text: 'Connection at London is now 2 hours 50 minutes, under the 180-minute minimum for a change of airport (LY315 to LY2)',
      },
      { text: 'Major change: a connection under the minimum' },
    ]);
  });

  it('should chase requests the airline never answered, complete the chase once it answers US and advise keeping that waitlist', async () => {
    const rows = await raisedOn('FNREQS');
    expect(texts(rows)).toEqual([
      // Answered since (US): no longer unanswered, so completed, the reply alerted below.
      [
        'HoldsWaitlist',
        'Request unanswered',
        'Withdrawn: LY319 TLV-LHR on 10/02/2027 14:00 is unable to sell, waitlisted (US)',
        'Complete',
        'NEW',
      ],
      [
        'HoldsWaitlist',
        'Request unanswered',
        'No answer on LY316 LHR-TLV on 17/02/2027 15:00: ask the airline',
        'Pending',
        'NEW',
      ],
      [
        'HoldsWaitlist',
        'Waitlisted by the airline',
        'Change LY319 TLV-LHR on 10/02/2027 14:00 to HL to keep the waitlist',
        'Pending',
        'NEW',
      ],
    ]);
    // Requested the day before the fortnight: chased at its first check, 24 hours on.
    expect(rows[1]?.payload.alerts).toEqual([
      {
        text: 'LY316 LHR-TLV on 17/02/2027 15:00 has been requested (HN) for 24 hours without an answer from the airline: ask the airline or book another flight',
      },
    ]);
    expect(rows[2]?.payload.alerts).toEqual([
      {
        text: 'The airline answered LY319 TLV-LHR on 10/02/2027 14:00 with US (unable to sell, waitlisted): change it to HL to keep the waitlist, or cancel it if the traveller no longer wants it; do not remove it as an inactive segment',
      },
    ]);
    // Never an inactive-segment alert telling the agent to remove the live waitlist.
    expect(rows.some((row) => row.type === 'SegmentRemoval')).toBe(false);
  });

  it("should flag a traveller's overlapping trips once, on the later PNR", async () => {
    expect(await raisedOn('FNOVL1')).toEqual([]);
    const rows = await raisedOn('FNOVL2');
    expect(texts(rows)).toEqual([
      [
        'DuplicateBooking',
        'Overlapping trips',
        'LY381 on 10/02/2027 overlaps LY315 in FNOVL1',
        'Pending',
        'NEW',
      ],
    ]);
    expect(rows[0]?.payload.alerts).toEqual([
      {
        text: 'NIR/TAMAR is booked on LY381 TLV-FCO departing 10/02/2027 11:00 and, in FNOVL1, on LY315 TLV-LHR departing 10/02/2027 10:00: nobody can fly both, and airlines bill overlapping bookings as duplicates. Cancel the one not travelled',
      },
    ]);
  });

  it('should raise the duplicate once, on the later booking', async () => {
    expect(await raisedOn('FNDUP1')).toEqual([]);
    const rows = await raisedOn('FNDUP2');
    expect(rows.map((row) => row.payload.alerts)).toEqual([
      [
        {
          text: 'Levi/Ruth also booked on LY315 on 10/02/2027 in FNDUP1: cancel one of the bookings to avoid an airline ADM for a duplicate booking',
        },
      ],
    ]);
    expect(texts(rows)).toEqual([
      [
        'DuplicateBooking',
        'Duplicate booking',
        'LY315 on 10/02/2027 also held in FNDUP1',
        'Pending',
        'NEW',
      ],
    ]);
  });
});

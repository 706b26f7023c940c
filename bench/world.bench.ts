// The simulated market against the published one: N bookings drawn by the simulator's own
// PRNG, each lived for up to 13 weeks with agents' habits on (ticketing by hand, churning,
// letting waitlists lapse), checked by the engine's real detectors at the engine's cadence,
// with the default process settings. What comes out is compared with what repricing services
// and airlines publish (docs/decisions/037, 041, 042). Run with `npm run bench:world`
// (`WORLD_BOOKINGS` sets N, default 2,000); figures go to the "Simulated world" section of
// bench/RESULTS.md.
import { utcDayOf } from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import { catchUp, planRandomFuture } from '@/gds/simulator/evolve';
import { lowerFares } from '@/gds/simulator/fares';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import { generateBooking } from '@/gds/simulator/make-booking';
import { locatorFor, rngFor, type Rng } from '@/gds/simulator/random';
import type { SimRecord } from '@/gds/simulator/sim-types';
import { fromUsd } from '@/gds/simulator/world';
import { firstDepartureAt } from '@/monitoring/notification-data-of';
import { cadenceFactor } from '@/monitoring/process-settings';
import { DEFAULT_DETECTOR_SETTINGS, detectAll } from '@/monitoring/detectors';
import type { Candidate, PendingNotice } from '@/monitoring/detectors/detector';
import { ranOn, writeResultsSection } from './results';

const SEED = 2026;
const BOOKINGS = Number(process.env.WORLD_BOOKINGS ?? 2_000);
const WEEKS = 13;
const START = Date.UTC(2027, 0, 4);
const END = START + WEEKS * 7 * DAY;
// The engine's defaults (process settings): the quickest check every 30 minutes, fares
// shopped every 8 hours, both more often near departure. Checked every 2 hours here, which
// sees every change the detectors act on (they compare with the last snapshot, not with time).
const CHECK_EVERY = 2 * HOUR;
const SHOP_EVERY = 8 * HOUR;

/** How far ahead travellers book, in days: leisure and business mixed. */
function leadDays(rng: Rng): number {
  const [from, to] = rng.weighted<[number, number]>([
    [[3, 14], 20],
    [[14, 30], 25],
    [[30, 90], 40],
    [[90, 180], 15],
  ]);
  return from + rng.next() * (to - from);
}

type Life = {
  record: SimRecord;
  leadDays: number;
  raised: Candidate[];
  /** Reprice candidates raised while the booking was ticketed. */
  ticketedReprices: Candidate[];
  everTicketed: boolean;
  cancelledAtDeadline: boolean;
};

const clone = (booking: GdsBooking): GdsBooking => structuredClone(booking);

function live(index: number): Life {
  const locator = locatorFor(SEED, 'world', index);
  const rng = rngFor(SEED, 'world-booking', locator);
  const createdAt = START + Math.floor(rng.next() * (END - START - DAY));
  const lead = leadDays(rng);
  const record = generateBooking(rng, {
    locator,
    pcc: 'TLV1',
    agentInitials: 'AA',
    // OTA bookings are ticketed through the product, which this run does not click.
    type: rng.chance(0.9) ? 'REGULAR' : 'OTA',
    createdAt,
    departure: createdAt + lead * DAY,
    extraWaitlist: rng.chance(0.05),
  });
  planRandomFuture(rngFor(SEED, 'world-future', locator), record, {
    from: createdAt,
    agentHabits: true,
  });

  const life: Life = {
    record,
    leadDays: lead,
    raised: [],
    ticketedReprices: [],
    everTicketed: record.booking.isTicketed,
    cancelledAtDeadline: false,
  };
  const pending: PendingNotice[] = [];
  const keys = new Set<string>();
  let previous: GdsBooking | null = null;
  let shoppedAt = -Infinity;
  let nextId = 1;
  // Each booking is lived until it departs, even past the weeks in which bookings are made.
  for (let at = createdAt; !record.departed && !record.booking.isCancelled;) {
    catchUp(record, at);
    const current = record.booking;
    life.everTicketed ||= current.isTicketed;
    const deadline = current.lastPurchaseAt ? Date.parse(current.lastPurchaseAt) : null;
    if (!current.isTicketed && deadline !== null && deadline <= at) {
      life.cancelledAtDeadline ||= current.segments.every((s) => s.status === 'HX');
    }
    const factor = cadenceFactor(firstDepartureAt(current), new Date(at));
    const shop = at - shoppedAt >= SHOP_EVERY * factor;
    if (shop) shoppedAt = at;
    const input = {
      previous,
      current,
      offers: shop ? lowerFares(record, at) : [],
      now: new Date(at),
      pending,
      others: [],
    };
    for (const candidate of detectAll(input, DEFAULT_DETECTOR_SETTINGS)) {
      if (keys.has(candidate.dedupeKey)) continue;
      keys.add(candidate.dedupeKey);
      life.raised.push(candidate);
      if (candidate.type === 'Reprice' && current.isTicketed) life.ticketedReprices.push(candidate);
      for (const id of candidate.supersedes) {
        const at = pending.findIndex((notice) => notice.id === id);
        if (at >= 0) pending.splice(at, 1);
      }
      pending.push({
        id: nextId++,
        type: candidate.type,
        dedupeKey: candidate.dedupeKey,
        potentialSaving: candidate.potentialSaving,
        segmentIds: candidate.segmentIds,
        oldFlights: candidate.data.sc?.oldFlights ?? [],
      });
    }
    previous = clone(current);
    at += CHECK_EVERY * factor;
  }
  return life;
}

const toUsd = (amount: number, currency: string) => amount / fromUsd(1, currency);
const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)}%`;
const inBand = (value: number, low: number, high: number) =>
  value >= low && value <= high ? 'inside' : 'outside';

async function main() {
  const lives = Array.from({ length: BOOKINGS }, (_, i) => live(i));

  const ticketed = lives.filter((l) => l.everTicketed);
  const withReprice = ticketed.filter((l) => l.ticketedReprices.length > 0);
  // Per ticket: the best net saving the booking was offered while ticketed, over its tickets.
  const perTicket = withReprice.map((l) => {
    const best = l.ticketedReprices.reduce((a, b) =>
      toUsd(a.potentialSaving ?? 0, a.currency ?? 'USD') >=
      toUsd(b.potentialSaving ?? 0, b.currency ?? 'USD')
        ? a
        : b,
    );
    const tickets = Math.max(1, l.record.booking.passengers.length);
    return toUsd(best.potentialSaving ?? 0, best.currency ?? 'USD') / tickets;
  });
  const meanPerTicket = perTicket.reduce((sum, v) => sum + v, 0) / Math.max(1, perTicket.length);
  const repriceShare = withReprice.length / Math.max(1, ticketed.length);

  const early = lives.filter((l) => l.leadDays >= 30);
  const earlyChanged = early.filter((l) => l.raised.some((c) => c.type === 'Reschedule'));
  const changes = lives.flatMap((l) => l.raised.filter((c) => c.type === 'Reschedule'));
  const minor = changes.filter((c) => c.alerts.at(-1)?.text.startsWith('Minor change'));
  const scheduleShare = earlyChanged.length / Math.max(1, early.length);
  const unticketedLapsed = lives.filter((l) => l.cancelledAtDeadline);
  const count = (type: Candidate['type']) =>
    lives.reduce((n, l) => n + l.raised.filter((c) => c.type === type).length, 0);

  const rows = [
    [
      'ticketed bookings with a net-positive reprice opportunity',
      `${percent(withReprice.length, ticketed.length)} (${withReprice.length} of ${ticketed.length})`,
      '10–30%',
      'Yapta: about 11% of tracked tickets; FairFly: about 1 in 4',
      inBand(repriceShare, 0.1, 0.3),
    ],
    [
      'mean net saving per ticket, USD-equivalent',
      `${meanPerTicket.toFixed(2)}`,
      '200–320',
      'about 254–260 per ticket',
      inBand(meanPerTicket, 200, 320),
    ],
    [
      'bookings made 30+ days ahead with a schedule change',
      `${percent(earlyChanged.length, early.length)} (${earlyChanged.length} of ${early.length})`,
      '15–35%',
      'roughly a quarter (issue 21)',
      inBand(scheduleShare, 0.15, 0.35),
    ],
    [
      'schedule changes graded minor',
      `${percent(minor.length, changes.length)} (${minor.length} of ${changes.length})`,
      'most (> 50%)',
      'most are minor (decision 042)',
      inBand(minor.length / Math.max(1, changes.length), 0.5, 1),
    ],
  ];
  const table = [
    '| figure | simulated | band | published | in band |',
    '| --- | ---: | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  const context = [
    `- ${BOOKINGS.toLocaleString('en-US')} bookings, ${percent(ticketed.length, BOOKINGS)} ever ticketed; ${unticketedLapsed.length} cancelled by the airline (HX) at their ticketing time limit.`,
    `- Notifications raised: ${(['Reprice', 'Reschedule', 'TicketingDue', 'SegmentRemoval', 'Churning', 'HoldsWaitlist'] as const).map((t) => `${t} ${count(t)}`).join(', ')}.`,
  ].join('\n');

  const body = `Made by \`npm run bench:world\` on ${ranOn()}: ${BOOKINGS.toLocaleString('en-US')} bookings drawn by the simulator (seed ${SEED}), made over ${WEEKS} weeks from ${utcDayOf(START)} with lead times of 3 to 180 days, lived with agents' habits on until departure, checked every 2 hours (closer near departure) with fares shopped every 8 hours by the engine's own detectors and default settings. EUR is counted in USD at the simulator's rate.

${table}

${context}`;
  console.log(body);
  await writeResultsSection('Simulated world', body);
}

await main();

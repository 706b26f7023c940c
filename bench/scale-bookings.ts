import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, bookingSnapshots } from '@/db/schema';
import type { GdsBooking } from '@/gds/gds-types';
import { ticket, VOID_WINDOW } from '@/gds/simulator/evolve';
import { firstDeparture } from '@/gds/simulator/fares';
import { DAY, HOUR, MINUTE } from '@/gds/simulator/local-time';
import { generateBooking } from '@/gds/simulator/make-booking';
import { locatorFor, rngFor } from '@/gds/simulator/random';
import { historyEntry } from '@/gds/simulator/sim-types';
import { bookingColumnsOf } from '@/monitoring/booking-columns';
import { GDS_ID } from '@/monitoring/booking-sync';
import { activeSegments, flightTimeMs } from '@/monitoring/notification-data-of';
import { cadenceFactor, loadBranchSettings } from '@/monitoring/process-settings';
import type { ScaleAgent } from './scale-organisation';

// The scale organisation's bookings: each drawn by the GDS simulator's own booking maker,
// brought to its state as of now the way the simulator settles its demo bookings (ticketed,
// voidable, cancelled, departed), and recorded with the columns booking sync derives, the
// snapshot the engine's last check took and the cadence it set for the next one.

export type ScaleBooking = {
  id: number;
  owner: ScaleAgent;
  /** The booking as the GDS made it, before any ticketing or cancellation. */
  made: GdsBooking;
  /** When it was ticketed, if it was. */
  ticketedMs: number | null;
  /** The window in which a detector still sees it open: made, and 12 hours before it leaves. */
  openFromMs: number;
  openUntilMs: number;
};

export type BookingPlan = { bookings: number; months: number };

const BATCH = 1000;
const MONTH = 30.44 * DAY;
/** Detectors see a booking closed once its first flight has left (on the GDS clock). */
const CLOSE_MARGIN = 12 * HOUR;

// As check-booking.ts hashes what the GDS answered, so the engine's next check of an unchanged
// booking does not read its snapshot back.
const contentHash = (booking: GdsBooking) =>
  createHash('sha256').update(JSON.stringify(booking)).digest('base64url');

/** Agents book unevenly: each gets a weight from 0.4 to 1.6, so some have three times more. */
function agentPicker(agents: ScaleAgent[], seed: number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const [index] of agents.entries()) {
    total += 0.4 + 1.2 * rngFor(seed, 'agent-weight', index).next();
    cumulative.push(total);
  }
  return (roll: number): ScaleAgent => {
    const target = roll * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    const agent = agents[low];
    if (!agent) throw new Error('no agent to own a booking');
    return agent;
  };
}

type Drawn = ScaleBooking & { final: GdsBooking };

/** One booking, made at a moment of the past `months` and settled as of `now`. */
function drawBooking(
  seed: number,
  index: number,
  owner: ScaleAgent,
  locator: string,
  months: number,
  now: number,
): Drawn {
  const rng = rngFor(seed, 'booking', index);
  const createdAt = Math.round(now - 6 * HOUR - rng.next() * (months * MONTH - 6 * HOUR));
  const departure = createdAt + (3 + 297 * rng.next() ** 1.4) * DAY;
  const record = generateBooking(rng, {
    locator,
    pcc: owner.pcc,
    agentInitials: owner.initials,
    type: rng.chance(0.2) ? 'OTA' : 'REGULAR',
    createdAt,
    departure,
  });
  const made = structuredClone(record.booking);
  const final = record.booking;
  const [first] = activeSegments(made);
  const leaves = Math.min(
    firstDeparture(made) ?? departure,
    first ? flightTimeMs(first.departure) : departure,
  );
  const departed = leaves <= now;

  let ticketedMs: number | null = null;
  if (rng.chance(departed ? 0.92 : 0.4)) {
    const latest = Math.min(now, leaves - HOUR);
    ticketedMs = Math.max(
      createdAt + MINUTE,
      Math.round(createdAt + rng.next() * Math.min(3 * DAY, latest - createdAt)),
    );
    ticket(final, ticketedMs);
    if (ticketedMs + VOID_WINDOW <= now) final.isVoidable = false;
  }
  let cancelledMs: number | null = null;
  if (rng.chance(0.03)) {
    cancelledMs = Math.round(createdAt + rng.next() * (Math.min(leaves, now) - createdAt));
    for (const segment of activeSegments(final)) {
      final.history.push(historyEntry(cancelledMs, 'CANCELLED', segment));
      segment.status = 'HX';
    }
    final.isCancelled = true;
    final.lastPurchaseAt = null;
  }
  if (departed && !final.isCancelled) {
    final.isVoidable = false;
    final.lastPurchaseAt = null;
  }
  return {
    id: 0,
    owner,
    made,
    final,
    ticketedMs,
    openFromMs: createdAt + HOUR,
    openUntilMs: Math.min(leaves - CLOSE_MARGIN, cancelledMs ?? Infinity, now - MINUTE),
  };
}

/** Locators the database already holds (the simulator's demo bookings), not to be drawn again. */
async function takenLocators(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ pnr: bookings.pnrNumber })
    .from(bookings)
    .where(eq(bookings.gdsId, GDS_ID));
  return new Set(rows.map((row) => row.pnr));
}

/**
 * Draws `plan.bookings` bookings over the scale agents, made over the past `plan.months`
 * months, and records them oldest first, as booking sync would have found them: a thousand
 * per transaction with their snapshots. Answers them with their ids, oldest first.
 */
export async function makeBookings(
  db: Db,
  plan: BookingPlan,
  agents: ScaleAgent[],
  seed: number,
  now: Date,
  log: (line: string) => void,
): Promise<ScaleBooking[]> {
  const pick = agentPicker(agents, seed);
  const taken = await takenLocators(db);
  const drawn: Drawn[] = [];
  for (let index = 0; index < plan.bookings; index += 1) {
    let locator = locatorFor(seed, 'scale', index);
    for (let again = 1; taken.has(locator); again += 1) {
      locator = locatorFor(seed, 'scale', index, again);
    }
    taken.add(locator);
    const owner = pick(rngFor(seed, 'owner', index).next());
    drawn.push(drawBooking(seed, index, owner, locator, plan.months, now.getTime()));
    if ((index + 1) % 20_000 === 0) log(`bookings drawn: ${index + 1}`);
  }
  drawn.sort((a, b) => a.openFromMs - b.openFromMs);

  // The engine's cadence, as it reads a branch's settings: every scale branch has the defaults.
  const firstAgent = agents[0];
  if (!firstAgent) throw new Error('the scale organisation has no agent');
  const settings = await loadBranchSettings(db, firstAgent.branchId);
  const nowMs = now.getTime();
  for (let start = 0; start < drawn.length; start += BATCH) {
    const batch = drawn.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const rows = batch.map((booking, offset) => {
        const columns = bookingColumnsOf(booking.final, now);
        const watched = !columns.isCancelled && !columns.isFlown;
        const checkRng = rngFor(seed, 'check', start + offset);
        // Watched ones were checked in the last ten minutes, inside My PNRs' refresh window;
        // the others when they closed.
        const lastChecked = watched
          ? new Date(nowMs - Math.round(checkRng.next() * 10 * MINUTE))
          : new Date(Math.min(nowMs, booking.openUntilMs + CLOSE_MARGIN));
        const factor = cadenceFactor(columns.departureAt ?? null, lastChecked);
        return {
          ...booking.owner,
          ...columns,
          gdsId: GDS_ID,
          pnrNumber: booking.final.locator,
          monitored: true,
          lastCheckedAt: lastChecked,
          repriceCheckedAt: lastChecked,
          nextCheckAt: watched
            ? new Date(lastChecked.getTime() + settings.checkIntervalMinutes * MINUTE * factor)
            : null,
          snapshotHash: contentHash(booking.final),
          createdAt: new Date(booking.openFromMs - HOUR),
          updatedAt: lastChecked,
        };
      });
      const inserted = await tx
        .insert(bookings)
        .values(rows)
        .returning({ id: bookings.id, pnr: bookings.pnrNumber });
      const idOf = new Map(inserted.map((row) => [row.pnr, row.id]));
      for (const booking of batch) {
        const id = idOf.get(booking.final.locator);
        if (id === undefined) throw new Error(`booking ${booking.final.locator} was not recorded`);
        booking.id = id;
      }
      const snapshots = await tx
        .insert(bookingSnapshots)
        .values(
          batch.map((booking, offset) => ({
            bookingId: booking.id,
            takenAt: rows[offset]?.lastCheckedAt ?? now,
            contentHash: rows[offset]?.snapshotHash ?? contentHash(booking.final),
            data: booking.final,
          })),
        )
        .returning({ id: bookingSnapshots.id, bookingId: bookingSnapshots.bookingId });
      const pairs = snapshots.map((s) => sql`(${s.bookingId}::int, ${s.id}::bigint)`);
      await tx.execute(sql`
        update ${bookings} set latest_snapshot_id = latest.snapshot_id
        from (values ${sql.join(pairs, sql`, `)}) as latest(booking_id, snapshot_id)
        where ${bookings.id} = latest.booking_id`);
    });
    if ((start + batch.length) % 20_000 === 0 || start + batch.length === drawn.length) {
      log(`bookings recorded: ${start + batch.length}`);
    }
  }
  return drawn.map(({ final: _final, ...booking }) => booking);
}

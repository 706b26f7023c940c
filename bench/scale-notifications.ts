import { performance } from 'node:perf_hooks';
import { ticketingMessages, type NotificationType } from '@smt/shared';
import type { Db } from '@/db/client';
import { notifications, priceQuotes } from '@/db/schema';
import { DAY, MINUTE } from '@/gds/simulator/local-time';
import { createRng, rngFor, type Rng } from '@/gds/simulator/random';
import type { Candidate } from '@/monitoring/detectors/detector';
import type { RepriceSaving } from '@/monitoring/detectors/reprice-saving';
import { foldTallies } from '@/monitoring/fold-tallies';
import {
  notificationRowOf,
  priceQuoteRowsOf,
  type NotificationRow,
  type PriceQuoteRow,
} from '@/monitoring/notification-writer';
import {
  operationTitles as titles,
  refusals,
} from '@/modules/notifications/notification-operations.messages';
import type { ScaleBooking } from './scale-bookings';
import { findingOf, SPREAD } from './scale-findings';

// The scale organisation's notifications: what the engine's detectors raised on its bookings
// over their lives, mapped to rows by the engine's own writer, then left as people left them
// (completed or failed by an operation, read, deleted). They are written in the order they
// were raised, a batch per transaction, so the tally triggers add them up as in production
// and the tallies are folded as the engine folds them, every so often.

const BATCH = 1000;
/** The engine folds every few minutes; a hundred batches are about that many findings. */
const FOLD_EVERY_BATCHES = 100;

/** How often each finding is raised, by weight. */
const TYPE_WEIGHTS: readonly (readonly [NotificationType, number])[] = [
  ['Reprice', 30],
  ['Reschedule', 20],
  ['TicketingDue', 18],
  ['SegmentRemoval', 12],
  ['Churning', 10],
  ['HoldsWaitlist', 10],
];
const TYPE_CHOICES = TYPE_WEIGHTS.map(([, weight], index) => [index, weight] as const);
/** What a booking gets instead when it cannot have the finding drawn (ticketed, no fare). */
const FALLBACK: readonly NotificationType[] = ['Reschedule', 'SegmentRemoval', 'Churning'];

export type NotificationTotals = {
  byType: Record<NotificationType, number>;
  pending: number;
  complete: number;
  failed: number;
  deleted: number;
  unread: number;
  executedReprices: number;
  priceQuotes: number;
};

type Plan = {
  /** Index into TYPE_WEIGHTS of the finding drawn. */
  type: Uint8Array;
  at: Float64Array;
  booking: Int32Array;
  ordinal: Uint8Array;
  seed: Uint32Array;
  /** Indexes into the arrays above, in the order the notifications were raised. */
  order: Uint32Array;
};

/**
 * Which booking each notification is raised on, its number there and when: a moment of the
 * booking's open life, so notifications spread over the months as the bookings do.
 */
function planOf(count: number, bookings: ScaleBooking[], seed: number): Plan {
  const open = bookings.flatMap((booking, index) =>
    booking.openUntilMs - booking.openFromMs > MINUTE ? [index] : [],
  );
  if (open.length === 0) throw new Error('no booking is open long enough to notify about');
  const plan = {
    type: new Uint8Array(count),
    at: new Float64Array(count),
    booking: new Int32Array(count),
    ordinal: new Uint8Array(count),
    seed: new Uint32Array(count),
  };
  const ordinals = new Uint8Array(bookings.length);
  for (let n = 0; n < count; n += 1) {
    const rng = rngFor(seed, 'notification', n);
    let index = open[Math.floor(rng.next() * open.length)] ?? 0;
    // A booking has at most SPREAD findings, which keeps their dedupe keys apart.
    while ((ordinals[index] ?? 0) >= SPREAD)
      index = open[Math.floor(rng.next() * open.length)] ?? 0;
    const booking = bookings[index];
    if (!booking) throw new Error(`no booking ${index}`);
    plan.booking[n] = index;
    plan.ordinal[n] = ordinals[index] ?? 0;
    ordinals[index] = (ordinals[index] ?? 0) + 1;
    const type = rng.weighted(TYPE_CHOICES);
    plan.type[n] = type;
    // A ticketing deadline is news only before the booking is ticketed.
    const until =
      TYPE_WEIGHTS[type]?.[0] === 'TicketingDue' && booking.ticketedMs !== null
        ? Math.min(booking.openUntilMs, booking.ticketedMs - MINUTE)
        : booking.openUntilMs;
    // Ticketed within its first minute: the deadline finding falls back to another one.
    const span = (until > booking.openFromMs ? until : booking.openUntilMs) - booking.openFromMs;
    plan.at[n] = Math.floor((booking.openFromMs + rng.next() * span) / 1000) * 1000;
    plan.seed[n] = Math.floor(rng.next() * 2 ** 32);
  }
  const order = Uint32Array.from({ length: count }, (_, n) => n);
  order.sort((a, b) => (plan.at[a] ?? 0) - (plan.at[b] ?? 0) || a - b);
  return { ...plan, order };
}

/** A realised reprice as the operation titles it: the candidate's net, kept as cash. */
function savingOf(candidate: Candidate): RepriceSaving {
  const netCents = Math.round((candidate.potentialSaving ?? 0) * 100);
  return {
    currency: candidate.currency ?? '',
    grossCents: netCents,
    tickets: 0,
    changeFeeCents: 0,
    refundFeeCents: 0,
    reissues: 0,
    agencyFeeCents: 0,
    agencyFeeApart: null,
    kind: candidate.priceQuotes[0]?.saving?.kind ?? 'cash',
    bagsLost: 0,
    bagsCostCents: 0,
    bagPriceUnknown: false,
    netCents,
    stated: false,
    refundTo: null,
    voidUntil: null,
    creditExpiresOn: null,
  };
}

function outcomeTexts(
  candidate: Candidate,
  done: 'Complete' | 'Failed',
  locator: string,
  rng: Rng,
): { title: string; titleMessage: string } {
  const complete = done === 'Complete';
  switch (candidate.type) {
    case 'Reprice':
      return complete
        ? {
            title: titles.repriced,
            titleMessage: titles.saved(savingOf(candidate)),
          }
        : { title: titles.repriceFailed, titleMessage: titles.fareGone };
    case 'SegmentRemoval':
      return complete
        ? {
            title: titles.segmentsRemoved,
            titleMessage: titles.segmentsRemovedMessage(candidate.segmentIds.length),
          }
        : { title: titles.segmentRemovalFailed, titleMessage: `Booking ${locator} is cancelled` };
    case 'Reschedule':
      return complete
        ? { title: titles.scheduleAccepted, titleMessage: titles.scheduleAcceptedMessage }
        : {
            title: titles.scheduleFailed,
            titleMessage: `Booking ${locator} has no schedule change to accept`,
          };
    case 'TicketingDue':
      if (!complete)
        return { title: titles.ticketingFailed, titleMessage: ticketingMessages.FAILURE };
      // Some agents cancel the booking instead of ticketing it (pnr/cancel).
      return rng.chance(0.15)
        ? { title: titles.pnrCancelled, titleMessage: titles.pnrCancelledMessage }
        : { title: titles.ticketed, titleMessage: ticketingMessages.SUCCESS };
    case 'Churning':
      return complete
        ? { title: titles.confirmed, titleMessage: titles.churningConfirmed }
        : { title: titles.confirmFailed, titleMessage: refusals.bookingGone(locator) };
    case 'DuplicateBooking':
      return complete
        ? { title: titles.confirmed, titleMessage: titles.duplicateConfirmed }
        : { title: titles.confirmFailed, titleMessage: refusals.bookingGone(locator) };
    case 'HoldsWaitlist':
      throw new Error('a waitlist notification has no operation to complete it');
    case 'CreditExpiry':
      throw new Error("a credit's expiry warning is raised by the credits sweep, not drawn here");
  }
}

/**
 * The row as people left it by now: older ones mostly acted on (an executed reprice saved
 * what it offered), some read, a few deleted; recent ones mostly pending and unread. A
 * waitlist notification has no operation, so it stays pending.
 */
function settle(
  row: NotificationRow,
  candidate: Candidate,
  locator: string,
  rng: Rng,
  at: number,
  now: number,
): NotificationRow {
  const age = now - at;
  const pendingChance = candidate.type === 'HoldsWaitlist' ? 1 : age < 7 * DAY ? 0.85 : 0.4;
  const settled: NotificationRow = { ...row, subtype: 'Pending', status: 'READ' };
  if (!rng.chance(pendingChance)) {
    const done = rng.chance(0.8) ? 'Complete' : 'Failed';
    const completedAt = new Date(Math.min(now, at + rng.int(5, 72 * 60) * MINUTE));
    Object.assign(settled, outcomeTexts(candidate, done, locator, rng), {
      subtype: done,
      completedAt,
      updatedAt: completedAt,
      actualSaving:
        done === 'Complete' && candidate.type === 'Reprice' ? candidate.potentialSaving : null,
    });
  }
  const pending = settled.subtype === 'Pending';
  if ((candidate.type === 'Reprice' || candidate.type === 'TicketingDue') && rng.chance(0.04)) {
    settled.typeStatus = 'Inactive';
  }
  const roll = rng.next();
  if (roll < 0.03) {
    settled.status = 'DEL';
    // A pending schedule change a later one replaced was withdrawn by the engine: read-only.
    settled.readonly = pending && candidate.type === 'Reschedule';
  } else {
    const unreadChance = pending ? (age < 14 * DAY ? 0.6 : 0.25) : 0.05;
    settled.status = rng.chance(unreadChance) ? 'NEW' : 'READ';
  }
  return settled;
}

function emptyTotals(): NotificationTotals {
  return {
    byType: {
      Reprice: 0,
      Reschedule: 0,
      TicketingDue: 0,
      SegmentRemoval: 0,
      Churning: 0,
      HoldsWaitlist: 0,
      DuplicateBooking: 0,
      CreditExpiry: 0,
    },
    pending: 0,
    complete: 0,
    failed: 0,
    deleted: 0,
    unread: 0,
    executedReprices: 0,
    priceQuotes: 0,
  };
}

function count(totals: NotificationTotals, row: NotificationRow): void {
  totals.byType[row.type] += 1;
  if (row.subtype === 'Pending') totals.pending += 1;
  else if (row.subtype === 'Complete') totals.complete += 1;
  else totals.failed += 1;
  if (row.status === 'DEL') totals.deleted += 1;
  if (row.status === 'NEW') totals.unread += 1;
  if (row.actualSaving !== null && row.actualSaving !== undefined) totals.executedReprices += 1;
}

/** The detector's finding of the planned type, or of the first fallback the booking can have. */
function candidateFor(
  planned: NotificationType,
  booking: ScaleBooking,
  at: number,
  ordinal: number,
  rng: Rng,
): Candidate {
  for (const type of [planned, ...FALLBACK]) {
    const candidate = findingOf(type, booking, at, ordinal, rng);
    if (candidate) return candidate;
  }
  throw new Error(`no finding fits booking ${booking.made.locator}`);
}

/**
 * Raises `total` notifications on the scale bookings, oldest first, a thousand per statement
 * and transaction with their price quotes, folding the tallies every hundred batches and once
 * at the end. Answers what was written.
 */
export async function makeNotifications(
  db: Db,
  total: number,
  bookings: ScaleBooking[],
  seed: number,
  now: Date,
  log: (line: string) => void,
): Promise<NotificationTotals> {
  const plan = planOf(total, bookings, seed);
  log(`notifications planned: ${total}`);
  const totals = emptyTotals();
  const nowMs = now.getTime();
  const started = performance.now();
  let batches = 0;
  for (let start = 0; start < total; start += BATCH) {
    const candidates: Candidate[] = [];
    const rows: NotificationRow[] = [];
    for (const n of plan.order.subarray(start, Math.min(total, start + BATCH))) {
      const booking = bookings[plan.booking[n] ?? -1];
      const at = plan.at[n] ?? 0;
      if (!booking) throw new Error(`notification ${n} has no booking`);
      const rng = createRng(plan.seed[n] ?? 0);
      const planned = TYPE_WEIGHTS[plan.type[n] ?? 0]?.[0] ?? 'Reprice';
      const candidate = candidateFor(planned, booking, at, plan.ordinal[n] ?? 0, rng);
      const row = notificationRowOf({ ...booking.owner, id: booking.id }, candidate, new Date(at));
      const settled = settle(row, candidate, booking.made.locator, rng, at, nowMs);
      candidates.push(candidate);
      rows.push(settled);
      count(totals, settled);
    }
    await db.transaction(async (tx) => {
      const made = await tx.insert(notifications).values(rows).returning({
        id: notifications.id,
        bookingId: notifications.bookingId,
        dedupeKey: notifications.dedupeKey,
      });
      if (made.length !== rows.length) {
        throw new Error(`${rows.length - made.length} notifications were not written`);
      }
      const idOf = new Map(made.map((row) => [`${row.bookingId}:${row.dedupeKey}`, row.id]));
      const quotes: PriceQuoteRow[] = rows.flatMap((row, index) => {
        const candidate = candidates[index];
        const id = idOf.get(`${row.bookingId}:${row.dedupeKey}`);
        if (!candidate || id === undefined) throw new Error('a written notification is missing');
        return priceQuoteRowsOf(id, candidate);
      });
      if (quotes.length > 0) await tx.insert(priceQuotes).values(quotes);
      totals.priceQuotes += quotes.length;
    });
    batches += 1;
    if (batches % FOLD_EVERY_BATCHES === 0) await foldTallies(db);
    const written = Math.min(total, start + BATCH);
    if (written % 50_000 === 0 || written === total) {
      const seconds = (performance.now() - started) / 1000;
      log(`notifications written: ${written} (${Math.round(written / seconds)}/s)`);
    }
  }
  await foldTallies(db);
  return totals;
}

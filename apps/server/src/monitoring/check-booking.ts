import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import type { GdsRegistry } from '@/gds/gds-registry';
import { providerOf } from '@/gds/provider-of';
import type { FareQuote, GdsBooking } from '@/gds/gds-types';
import type { Clock } from '@/lib/clock';
import { engineChecks, engineNotificationsRaised } from '@/observability/metrics';
import { acceptMinorChanges } from './auto-accept';
import { bookingColumnsOf } from './booking-columns';
import { decisionsOf } from './check-decisions';
import { detectAll, reviseAll, withdrawAll } from './detectors';
import { CHURN_WINDOW_DAYS } from './detectors/churning';
import type { Candidate } from './detectors/detector';
import { settingsWithin } from './detectors/provider-support';
import {
  claimBooking,
  finishCheck,
  holdUnchanged,
  releaseForRecheck,
  insertSnapshot,
  latestSnapshot,
  otherLiveBookings,
  travellerBookings,
  pendingNotices,
  releaseBooking,
} from './monitored-bookings.repository';
import { signOf } from './connection-owners.repository';
import { nextDepartureAt } from './notification-data-of';
import { reviseNotifications, withdrawNotifications, writeCandidates } from './notification-writer';
import { cadenceFactor, loadBranchSettings, type BranchSettings } from './process-settings';

// Long enough for a slow GDS; a crashed worker's bookings are free again after it.
const LEASE_MS = 2 * 60_000;
// A failed check is tried again this much later rather than at once.
const RETRY_AFTER_MS = 5 * 60_000;

export type EngineDeps = {
  db: Db;
  /** The embedded simulator: the GDS of branches found by PCC and of older bookings. */
  gds: GdsClient;
  /** Each connection's provider; absent, every booking is the simulator's. */
  registry?: Pick<GdsRegistry, 'forConnection'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Settings of a branch, cached by the caller for the length of a batch. */
  settingsOf?: (branchId: number) => Promise<BranchSettings>;
};

export type CheckOutcome =
  | { status: 'checked'; raised: number[] }
  | { status: 'busy' }
  | { status: 'gone' }
  | { status: 'unwatched' }
  | { status: 'superseded' };

const contentHash = (booking: GdsBooking) =>
  createHash('sha256').update(JSON.stringify(booking)).digest('base64url');

/**
 * One check of one booking: retrieve it, shop fares when repricing is due, run the detectors
 * against the last snapshot, and write the new snapshot, the notifications and the booking's
 * next check in one transaction. The GDS is called outside any transaction.
 */
export async function checkBooking(deps: EngineDeps, bookingId: number): Promise<CheckOutcome> {
  // Counted here rather than in the engine's loop: checks run from the API count as well.
  try {
    const outcome = await checkOnce(deps, bookingId);
    engineChecks.inc({ result: outcome.status });
    return outcome;
  } catch (error) {
    engineChecks.inc({ result: 'failed' });
    throw error;
  }
}

const FARES_UNREAD = 'Lower fares could not be read';

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The fares the booking could be repriced to, or why they could not be read. */
async function readFares(
  gds: GdsClient,
  locator: string,
): Promise<{ offers: FareQuote[]; error: string | null }> {
  try {
    return { offers: await gds.shopLowerFares(locator), error: null };
  } catch (error) {
    return { offers: [], error: messageOf(error) };
  }
}

/**
 * The booking with the branch and agent it is watched under where its provider names none:
 * Duffel knows no PCC or agent sign, and the notification shows both.
 */
async function signed(
  deps: EngineDeps,
  owner: { branchId: number; agentId: number },
  booking: GdsBooking | null,
): Promise<GdsBooking | null> {
  if (!booking || (booking.pcc !== '' && booking.agentInitials !== '')) return booking;
  const sign = await signOf(deps.db, owner);
  if (!sign) return booking;
  return {
    ...booking,
    pcc: booking.pcc || sign.pcc,
    agentInitials: booking.agentInitials || sign.initials,
  };
}

async function checkOnce(deps: EngineDeps, bookingId: number): Promise<CheckOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await claimBooking(db, bookingId, now, LEASE_MS);
  if (!booking) return { status: 'busy' };
  // Queued before its connection was disconnected (which stops monitoring in the same
  // transaction): nothing is asked of a provider the agency let go (docs/decisions/058).
  if (!booking.monitored) {
    await releaseBooking(db, booking.id);
    return { status: 'unwatched' };
  }
  // A connection whose client cannot be made (a token that no longer opens) fails the check.
  let gds = deps.gds;
  try {
    const provider = await providerOf(deps, booking);
    gds = provider.gds;
    const gdsNow = await gds.now();
    // What the check read from the GDS is written only over the row it claimed: a ticketing or
    // an agent's action that wrote the booking meanwhile may know better than that read, which
    // would otherwise put the booking back as it was (unticketed, say) and judge its
    // notifications on it. The booking is then checked again at once, from a fresh read.
    const writeIfUnchanged = <T>(write: (tx: Db) => Promise<T>) =>
      db.transaction(async (tx) =>
        (await holdUnchanged(tx, booking.id, booking.version))
          ? { written: await write(tx) }
          : null,
      );
    const superseded = async (): Promise<CheckOutcome> => {
      await releaseForRecheck(db, booking.id, gdsNow);
      return { status: 'superseded' };
    };
    const current = await signed(deps, booking, await gds.retrieveBooking(provider.locator));
    if (!current) {
      const gone = await writeIfUnchanged((tx) =>
        finishCheck(
          tx,
          booking.id,
          { monitored: false, lastCheckedAt: gdsNow },
          { checkedAt: now, gdsTime: gdsNow, result: 'gone', changed: false, decisions: [] },
        ),
      );
      if (!gone) return superseded();
      return { status: 'gone' };
    }
    const settings = await (deps.settingsOf ?? ((id) => loadBranchSettings(db, id)))(
      booking.branchId,
    );
    const columns = bookingColumnsOf(current, gdsNow);
    // The next flight to leave sets the pace, on the real instant, not the column's airport
    // wall clock: a return leg is watched as closely as the outbound was.
    const factor = cadenceFactor(nextDepartureAt(current, gdsNow), gdsNow);
    const repriceEveryMs = settings.repriceIntervalMinutes * 60_000 * factor;
    const repriceDue =
      settings.detectors.reprice.enabled &&
      !current.isCancelled &&
      !columns.isDeparted &&
      (booking.repriceCheckedAt === null ||
        gdsNow.getTime() - booking.repriceCheckedAt.getTime() >= repriceEveryMs);
    // Only the reprice detector needs fares: a read of them that fails (an answer its schema
    // refuses, a provider error) is recorded and the other detectors run on the booking.
    const { offers, error: faresError } = repriceDue
      ? await readFares(gds, provider.locator)
      : { offers: [], error: null };

    const hash = contentHash(current);
    const unchanged = booking.latestSnapshotId !== null && booking.snapshotHash === hash;
    // An unchanged booking is its own last snapshot: no need to read that back.
    const previous = unchanged ? current : ((await latestSnapshot(db, booking))?.data ?? null);
    const pending = await pendingNotices(db, booking.id);
    // Watched until the last flight lands (docs/decisions/059).
    const stillWatched = !columns.isCancelled && !columns.isFlown;
    // The agency's other bookings on these flights, only when duplicates are looked for.
    const others =
      settings.detectors.duplicates.enabled && stillWatched
        ? await otherLiveBookings(db, booking, columns.flights ?? [])
        : [];
    // What the provider cannot support (churning without a segment history) does not run.
    const detectors = settingsWithin(gds, settings.detectors);
    // The agency's other bookings of these passengers, when churning across PNRs or
    // overlapping trips are looked for (docs/decisions/063).
    const travellers =
      (detectors.churning.enabled || detectors.duplicates.enabled) && stillWatched
        ? await travellerBookings(
            db,
            booking,
            columns.passengerKeys ?? [],
            new Date(gdsNow.getTime() - CHURN_WINDOW_DAYS * 86_400_000),
          )
        : [];
    const faresRead = repriceDue && faresError === null;
    const input = {
      previous,
      current,
      offers,
      faresRead,
      now: gdsNow,
      pending,
      others,
      travellers,
    };
    const candidates = await acceptMinorChanges(
      gds,
      provider.locator,
      detectAll(input, detectors),
      pending,
    );
    const withdrawn = withdrawAll(input, detectors);
    // A notice a new candidate replaces is not revised (nor chased) on its way out.
    const replaced = new Set(candidates.flatMap((candidate) => candidate.supersedes));
    const revised = reviseAll(input, detectors).filter((revision) => !replaced.has(revision.id));
    // Cadences run on the reservation system's clock, so a faster demo world is watched
    // as closely as a real one.
    const checkEveryMs = settings.checkIntervalMinutes * 60_000 * factor;
    const next = {
      ...columns,
      snapshotHash: hash,
      lastCheckedAt: gdsNow,
      // Fares that could not be read are shopped again at the next check.
      repriceCheckedAt: repriceDue && faresError === null ? gdsNow : booking.repriceCheckedAt,
      nextCheckAt: stillWatched ? new Date(gdsNow.getTime() + checkEveryMs) : null,
    };
    const record = (created: { id: number; type: Candidate['type'] }[]) => ({
      checkedAt: now,
      gdsTime: gdsNow,
      result: 'checked' as const,
      changed: !unchanged,
      error: faresError === null ? null : `${FARES_UNREAD}: ${faresError}`,
      decisions: decisionsOf({
        input,
        settings: settings.detectors,
        support: gds,
        faresError,
        repriceNextAt: repriceDue
          ? null
          : new Date((booking.repriceCheckedAt ?? gdsNow).getTime() + repriceEveryMs),
        candidates,
        created,
        withdrawn,
        revised,
      }),
    });
    // Written: a provider that listed the booking from a queue may take it off now. A failure
    // leaves it there, to be found and checked once more.
    const release = () => gds.releaseChanged(current.pcc, provider.locator).catch(() => undefined);
    if (unchanged && candidates.length === 0 && withdrawn.length === 0 && revised.length === 0) {
      const finished = await writeIfUnchanged((tx) =>
        finishCheck(tx, booking.id, next, record([])),
      );
      if (!finished) return superseded();
      await release();
      return { status: 'checked', raised: [] };
    }

    const written = await writeIfUnchanged(async (tx) => {
      await withdrawNotifications(tx, booking.id, withdrawn, now);
      await reviseNotifications(tx, booking.id, revised, now);
      const snapshotId = unchanged
        ? booking.latestSnapshotId
        : await insertSnapshot(tx, {
            bookingId: booking.id,
            takenAt: now,
            contentHash: hash,
            data: current,
          });
      const made = await writeCandidates(tx, booking, candidates, now, gdsNow);
      await finishCheck(tx, booking.id, { ...next, latestSnapshotId: snapshotId }, record(made));
      return made;
    });
    if (!written) return superseded();
    const created = written.written;
    for (const notification of created) engineNotificationsRaised.inc({ type: notification.type });
    await release();
    return { status: 'checked', raised: created.map((notification) => notification.id) };
  } catch (error) {
    const gdsNow = await gds.now().catch(() => null);
    await finishCheck(
      db,
      booking.id,
      { nextCheckAt: new Date((gdsNow ?? now).getTime() + RETRY_AFTER_MS) },
      {
        checkedAt: now,
        gdsTime: gdsNow,
        result: 'failed',
        changed: false,
        error: messageOf(error),
        decisions: [],
      },
    );
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import {
  PNR_COUNT_LIMIT,
  pnrDateIssues,
  serverPnrDateLimits,
  type PnrFilter,
  type PnrListResponse,
  type PnrSort,
  type PnrUpdatesResponse,
} from '@smt/shared';
import type { Scope } from '@/db/scope';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { onRealTime } from '@/monitoring/connection-owners.repository';
import { pnrListItemOf, statsByBooking } from './pnr-list-item';
import {
  countPnrs,
  findPnrPage,
  findPnrsOfSync,
  lastAttempts,
  notificationStats,
  requestRefresh,
  type PnrOwner,
  type PnrRow,
} from './pnr-list.repository';
import {
  createRefreshRunner,
  needsRefresh,
  REFRESH_CONCURRENCY,
  REFRESH_GIVE_UP_MS,
} from './pnr-refresh';
import { fail } from './pnrs.errors';

/** Who asks: the effective user's agent identity and scope. */
export type PnrCaller = { user: { agentId: number | null }; scope: Scope };

export type PnrSearchPage = PnrFilter & PnrSort & { offset: number; chunk: number };

/** What a check needs: the bookings' providers, the clock and where failures are told. */
export type PnrListDeps = Omit<EngineDeps, 'settingsOf'> & {
  /** Checks run at once for refreshes, in this process. */
  refreshConcurrency?: number;
};

/** My PNRs is one's own bookings; a user with no agent identity owns none. */
export function ownerOf(caller: PnrCaller): PnrOwner | null {
  if (caller.user.agentId === null || caller.scope.kind === 'none') return null;
  return { agentId: caller.user.agentId, scope: caller.scope };
}

/**
 * The date limits of SPEC §5, checked against the server's today with every time zone's
 * leeway: a filter the form refuses with a message, the server refuses with the same one.
 */
export function checkDateLimits(filter: PnrFilter, now: Date): void {
  const issues = pnrDateIssues(filter, serverPnrDateLimits(now));
  if (Object.keys(issues).length > 0) {
    throw fail(
      'pnrs.dates-out-of-range',
      `The request has invalid fields: ${Object.keys(issues).join(', ')}.`,
      issues,
    );
  }
}

export function createPnrList(deps: PnrListDeps) {
  const { db, gds, clock, log } = deps;
  // The same check as the engine's (snapshot, notifications, next check on its cadence), run
  // here so the page's rows are read side by side at once rather than queued behind the
  // engine's round (docs/decisions/074).
  const runner = createRefreshRunner(async (bookingId) => {
    try {
      await checkBooking(deps, bookingId);
    } catch (error) {
      // The check recorded the failure and ended the refresh; the row keeps its last values.
      log.warn({ err: error, bookingId }, 'My PNRs refresh failed');
    }
  }, deps.refreshConcurrency ?? REFRESH_CONCURRENCY);

  async function itemsOf(rows: PnrRow[], serverNow: Date) {
    const stats = statsByBooking(
      await notificationStats(
        db,
        rows.map((row) => row.id),
      ),
    );
    return rows.map((row) => pnrListItemOf(row, stats.get(row.id) ?? [], serverNow));
  }

  /** Rows on screen the GDS has not been asked about lately are asked about now. */
  async function refreshStale(owner: PnrOwner, rows: PnrRow[], serverNow: Date) {
    const simulatorNow = await gds.now();
    // The simulator's bookings live on its clock; a real provider's on real time.
    const nowOf = (row: PnrRow) => (onRealTime(row.gdsId) ? serverNow : simulatorNow);
    // The GDS's clock first, from the row itself; the server's, from the checks, only for the
    // rows that clock leaves (a query only when some are).
    const unread = rows.filter((row) =>
      needsRefresh({ ...row, lastAttemptAt: null }, nowOf(row), serverNow),
    );
    if (unread.length === 0) return rows;
    const attempts = await lastAttempts(
      db,
      unread.map((row) => row.id),
    );
    const stale = unread.filter((row) =>
      needsRefresh({ ...row, lastAttemptAt: attempts.get(row.id) ?? null }, nowOf(row), serverNow),
    );
    if (stale.length === 0) return rows;
    const syncJobId = randomUUID();
    const taken = new Set(
      await requestRefresh(
        db,
        owner,
        stale.map((row) => row.id),
        {
          syncJobId,
          requestedAt: serverNow,
          openSince: new Date(serverNow.getTime() - REFRESH_GIVE_UP_MS),
        },
      ),
    );
    // In the page's order, so the rows at the top are read first.
    runner.refresh(stale.filter((row) => taken.has(row.id)).map((row) => row.id));
    return rows.map((row) =>
      taken.has(row.id) ? { ...row, syncJobId, syncRequestedAt: serverNow } : row,
    );
  }

  async function list(caller: PnrCaller, search: PnrSearchPage): Promise<PnrListResponse> {
    const serverNow = clock.now();
    checkDateLimits(search, serverNow);
    const owner = ownerOf(caller);
    if (!owner) return { pnrs: [], total: 0, totalCapped: false, hasMore: false };
    const [rows, counted] = await Promise.all([
      findPnrPage(db, owner, search, { offset: search.offset, limit: search.chunk + 1 }),
      countPnrs(db, owner, search, PNR_COUNT_LIMIT),
    ]);
    const page = rows.slice(0, search.chunk);
    const shown = await refreshStale(owner, page, serverNow);
    return {
      pnrs: await itemsOf(shown, serverNow),
      total: Math.min(counted, PNR_COUNT_LIMIT),
      totalCapped: counted > PNR_COUNT_LIMIT,
      hasMore: rows.length > search.chunk,
    };
  }

  async function updates(caller: PnrCaller, syncJobId: string): Promise<PnrUpdatesResponse> {
    const owner = ownerOf(caller);
    if (!owner) return { pnrs: [] };
    return { pnrs: await itemsOf(await findPnrsOfSync(db, owner, syncJobId), clock.now()) };
  }

  /**
   * Every row of a search in its order, a page at a time, for the CSV. The caller checks the
   * date limits first: once rows stream, the answer's status has gone out.
   */
  async function* allRows(caller: PnrCaller, search: PnrFilter & PnrSort, pageSize = 1000) {
    const owner = ownerOf(caller);
    if (!owner) return;
    for (let offset = 0; ; offset += pageSize) {
      const rows = await findPnrPage(db, owner, search, { offset, limit: pageSize });
      const stats = statsByBooking(
        await notificationStats(
          db,
          rows.map((row) => row.id),
        ),
      );
      for (const row of rows) yield { row, stats: stats.get(row.id) ?? [] };
      if (rows.length < pageSize) return;
    }
  }

  return {
    list,
    updates,
    allRows,
    /** Answers once no refresh is waiting or under way: what a closing server waits for. */
    refreshesSettled: () => runner.settled(),
  };
}

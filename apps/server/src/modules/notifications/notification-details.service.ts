import {
  UNDO_DELETE_ACCEPTED_MS,
  type FareBasisPenaltiesResponse,
  type NotificationData,
  type NotificationDetails,
  type NotificationHeader,
  type PnrInfoResponse,
  type PriceQuote,
} from '@smt/shared';
import type { Db } from '@/db/client';
import { isDatabaseFault } from '@/db/database-fault';
import type { priceQuotes } from '@/db/schema';
import type { Scope } from '@/db/scope';
import type { GdsClient } from '@/gds/gds-client';
import { disconnectedProviderOf, providerOf, type ProviderDeps } from '@/gds/provider-of';
import type { Clock } from '@/lib/clock';
import { detailsMessages } from './notification-details.messages';
import { headerOf } from './notification-header';
import {
  findHeaderExtras,
  findNotificationDetails,
  findVisibleBooking,
  hasPriceQuoteOn,
  insertAudits,
  isVisible,
  listPriceQuotes,
  lockForDelete,
  markDeleted,
  markRead,
  restoreDeleted,
} from './notification-details.repository';
import { refusals } from './notification-operations.messages';
import type { NotificationHeader as OperationHeader } from './notification-operations.repository';
import type { Actor } from './notification-operations.service';
import { fail } from './notifications.errors';

type PriceQuoteRow = typeof priceQuotes.$inferSelect;

// Missing, outside the scope or deleted: the same answer, so existence does not leak.
const missing = () => fail('notifications.not-found', refusals.notFound);

function priceQuoteOf(row: PriceQuoteRow): PriceQuote {
  return {
    seq_num: row.seqNum,
    cmd: row.cmd,
    current_price: row.currentPrice,
    new_price: row.newPrice,
    currency: row.currency,
    last_purchase: row.lastPurchase,
    pax: row.pax,
    segments: row.segments,
    conditions: row.conditions,
    fare_conds: row.fareConds,
    newBaggageInfos: row.newBaggageInfos ?? [],
    ...(row.saving ? { saving: row.saving } : {}),
  };
}

/** The data as raised, with the booking's state as it is now (a PNR cancelled since shows so). */
function withBookingNow(
  data: NotificationData,
  booking: { isCancelled: boolean; isTicketed: boolean; isVoidable: boolean; isDeparted: boolean },
): NotificationData {
  return {
    ...data,
    pnr: {
      ...data.pnr,
      is_cancelled: booking.isCancelled,
      is_ticketed: booking.isTicketed,
      is_voidable: booking.isVoidable,
      is_departed: booking.isDeparted,
    },
  };
}

/** The reads and deletes of one notification (SPEC §7.1), always inside the caller's scope. */
export function createNotificationDetails(deps: {
  db: Db;
  gds: GdsClient;
  registry?: ProviderDeps['registry'];
  clock: Clock;
}) {
  const { db, gds, clock } = deps;

  /**
   * The notification as the details overlay shows it. Its owner opening it unread reads it
   * (so does someone acting as the owner); a manager or colleague looking leaves it unread.
   */
  async function open(
    caller: { scope: Scope; agentId: number | null },
    id: number,
  ): Promise<NotificationDetails> {
    const { scope, agentId } = caller;
    const row = await findNotificationDetails(db, scope, id);
    if (!row) throw missing();
    let status = row.status;
    if ((status === 'NEW' || status === 'READY') && agentId !== null) {
      if (await markRead(db, scope, id, agentId, clock.now())) status = 'READ';
    }
    const { alerts, remarks, last_purchase_date, segment_classes } = row.payload;
    return {
      header: { ...headerOf(row), status },
      payload: { alerts, remarks, last_purchase_date, segment_classes },
      data: withBookingNow(row.data, row.booking),
    };
  }

  async function priceQuotesOf(scope: Scope, id: number): Promise<PriceQuote[]> {
    const rows = await listPriceQuotes(db, scope, id);
    // No rows: either no quotes or no notification the caller may see; only the second is 404.
    if (rows.length === 0 && !(await isVisible(db, scope, id))) throw missing();
    return rows.map(priceQuoteOf);
  }

  /** Completes an operation's header with the fields that never change (group and time). */
  async function fullHeader(scope: Scope, header: OperationHeader): Promise<NotificationHeader> {
    const extras = await findHeaderExtras(db, scope, header.notification_id);
    if (!extras) throw missing();
    return {
      ...header,
      group: extras.group,
      notification_time: extras.notificationTime.toISOString(),
    };
  }

  /**
   * Deletes (status DEL) every one of `ids`, or none: one that the caller cannot see makes it
   * 404, one that is read-only 409. Each deletion is audited in the same transaction.
   */
  async function remove(actor: Actor, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      const rows = await lockForDelete(tx, actor.scope, unique);
      if (rows.length !== unique.length) throw missing();
      if (rows.some((row) => row.readonly)) {
        throw fail('notifications.read-only', detailsMessages.readonlyDelete);
      }
      const now = clock.now();
      const deleted = await markDeleted(tx, actor.scope, unique, now);
      await insertAudits(
        tx,
        unique.map((id) => ({
          at: now,
          userId: actor.userId,
          realUserId: actor.realUserId,
          action: 'notification.delete',
          entityType: 'notification',
          entityId: String(id),
          result: 'SUCCESS' as const,
          details: { bulk: unique.length > 1 },
        })),
      );
      return deleted;
    });
  }

  /**
   * Undo of a delete: puts back those of `ids` the caller deleted within the last
   * UNDO_DELETE_ACCEPTED_MS, as they were; any other id is left alone. Audited like the delete.
   */
  async function undoRemove(actor: Actor, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      const now = clock.now();
      const since = new Date(now.getTime() - UNDO_DELETE_ACCEPTED_MS);
      const restored = await restoreDeleted(tx, actor.scope, unique, since, now);
      await insertAudits(
        tx,
        restored.map((id) => ({
          at: now,
          userId: actor.userId,
          realUserId: actor.realUserId,
          action: 'notification.undelete',
          entityType: 'notification',
          entityId: String(id),
          result: 'SUCCESS' as const,
          details: { bulk: unique.length > 1 },
        })),
      );
      return restored.length;
    });
  }

  /** The fare rules of a fare basis one of the notification's price quotes offers. */
  async function fareBasisPenalty(
    scope: Scope,
    request: { id: number; seqNum: number; fareBasis: string },
  ): Promise<FareBasisPenaltiesResponse> {
    const { id, seqNum, fareBasis } = request;
    if (!(await hasPriceQuoteOn(db, scope, id, seqNum, fareBasis))) {
      throw (await isVisible(db, scope, id))
        ? fail('notifications.no-such-fare', detailsMessages.noSuchFare)
        : missing();
    }
    const rules = await gds.fareRules(fareBasis);
    return {
      farebasis_penalty: rules && { farebasis: rules.fareBasis, penalty: rules.penalty },
    };
  }

  /**
   * What the GDS says now: a booking it no longer has counts as cancelled. A disconnected
   * connection's booking is not asked of its provider: it is as last stored (decision 058).
   */
  async function pnrInfo(scope: Scope, id: number): Promise<PnrInfoResponse> {
    const found = await findVisibleBooking(db, scope, id);
    if (!found) throw missing();
    if (disconnectedProviderOf(found) !== null)
      return { is_ticketed: found.isTicketed, is_cancelled: found.isCancelled };
    const provider = await providerOf(deps, found);
    const booking = await provider.gds.retrieveBooking(provider.locator);
    if (!booking) return { is_ticketed: false, is_cancelled: true };
    return { is_ticketed: booking.isTicketed, is_cancelled: booking.isCancelled };
  }

  return {
    open,
    priceQuotes: priceQuotesOf,
    fullHeader,
    remove,
    undoRemove,
    fareBasisPenalty,
    pnrInfo,
    /** Whether an error a call reaching the GDS ended with was the database's, not the GDS's. */
    isDatabaseFault: (error: unknown) => isDatabaseFault(db, error),
  };
}

import {
  connectionHelpTexts,
  NOTIFICATION_TYPES,
  PROVIDER_LABELS,
  ticketingMessages,
  typesTakingOperation,
  uiTexts,
  type OperationCode,
} from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { GdsClient } from '@/gds/gds-client';
import type { CancellationQuote, Money } from '@/gds/gds-types';
import { disconnectedProviderOf, providerOf, type ProviderDeps } from '@/gds/provider-of';
import type { DomainError } from '@/lib/domain-error';
import type { Clock } from '@/lib/clock';
import { settingsWithin } from '@/monitoring/detectors/provider-support';
import { reissueTermsOf, repriceSavingOf } from '@/monitoring/detectors/reprice-saving';
import { loadBranchSettings } from '@/monitoring/process-settings';
import { cancellationCreditsOf, recordCredits, repriceCreditsOf } from '@/modules/credits';
import {
  removalPremiseChanged,
  operationTitles as titles,
  refusals,
} from './notification-operations.messages';
import {
  findNotificationInScope,
  findPriceQuote,
  insertAudit,
  updateBooking,
  updateNotification,
  type NotificationChanges,
  type NotificationHeader,
  type OperationTarget,
} from './notification-operations.repository';
import { errorCodes, fail } from './notifications.errors';

/** Who acts: the effective user (impersonated, when someone impersonates) and the real one. */
export type Actor = { userId: number; realUserId: number; scope: Scope };

export type ExecuteAnswer = { header: NotificationHeader };
export type CancelPnrAnswer = { cancellationSuccessful: boolean; message: string };
export type CancelPnrQuoteAnswer = Omit<CancellationQuote, 'ok'>;

type MainOperation = Extract<OperationCode, 'RP' | 'C' | 'A'>;
type BookingChanges = Parameters<typeof updateBooking>[2];

/** What a GDS call came to: the notification's new state and what the audit row records. */
type Outcome = {
  result: 'SUCCESS' | 'FAILURE';
  changes: NotificationChanges;
  booking?: BookingChanges;
  details: Record<string, unknown>;
  /** What the action left with the airline, recorded in the credits ledger with the outcome. */
  credits?: NewCredits;
};
type NewCredits = Parameters<typeof recordCredits>[1];

// Money is compared and subtracted in whole cents.
const cents = (amount: number) => Math.round(amount * 100);
const moneyText = (money: Money) => `${(cents(money.amount) / 100).toFixed(2)} ${money.currency}`;
const sameRefund = (a: Money | null, b: Money | null) =>
  a === null || b === null
    ? a === b
    : a.currency === b.currency && cents(a.amount) === cents(b.amount);

export type NotificationOperations = ReturnType<typeof createNotificationOperations>;

export function createNotificationOperations(deps: {
  db: Db;
  gds: GdsClient;
  registry?: ProviderDeps['registry'];
  clock: Clock;
}) {
  const { db, clock } = deps;
  // The booking's own provider, called by the id it knows the booking by.
  const reach = (target: OperationTarget) =>
    providerOf(deps, {
      connectionId: target.connectionId,
      providerBookingId: target.providerBookingId,
      pnrNumber: target.locator,
      connectionProvider: target.connectionProvider,
      connectionStatus: target.connectionStatus,
    });

  /** Why nothing may be sent for the booking: its connection is disconnected; else null. */
  const disconnected = (target: OperationTarget) => {
    const provider = disconnectedProviderOf({ ...target, pnrNumber: target.locator });
    return provider === null
      ? null
      : fail(
          'notifications.connection-disconnected',
          connectionHelpTexts.disconnected(PROVIDER_LABELS[provider]),
        );
  };

  async function priceQuoteOf(notificationId: number) {
    const row = await findPriceQuote(db, notificationId);
    if (!row) return null;
    return {
      fareBasis: row.fareConds.farebasis,
      currentPrice: row.currentPrice,
      newPrice: row.newPrice,
      currency: row.currency,
      creditExpiresOn: row.saving?.credit_expires_on ?? null,
    };
  }

  type PriceQuote = NonNullable<Awaited<ReturnType<typeof priceQuoteOf>>>;

  const audit = (
    tx: Db,
    actor: Actor,
    action: string,
    notificationId: number,
    result: 'SUCCESS' | 'FAILURE',
    details: Record<string, unknown>,
  ) =>
    insertAudit(tx, {
      at: clock.now(),
      userId: actor.userId,
      realUserId: actor.realUserId,
      action,
      entityType: 'notification',
      entityId: String(notificationId),
      result,
      details,
    });

  /** Refused calls are audited too: someone tried, and the log says why it was refused. */
  async function refuse(
    actor: Actor,
    action: string,
    notificationId: number,
    error: DomainError,
    details: Record<string, unknown>,
  ): Promise<never> {
    await audit(db, actor, action, notificationId, 'FAILURE', {
      ...details,
      refused: errorCodes[error.reason as keyof typeof errorCodes],
      message: error.message,
    });
    throw error;
  }

  /** A thrown GDS error leaves the notification as it was: audited, then passed on. */
  async function callGds<T>(
    actor: Actor,
    action: string,
    notificationId: number,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await audit(db, actor, action, notificationId, 'FAILURE', { ...details, message });
      throw error;
    }
  }

  const complete = (
    title: string,
    titleMessage: string,
    extra: Partial<Outcome> = {},
  ): Outcome => ({
    result: 'SUCCESS',
    changes: {
      subtype: 'Complete',
      title,
      titleMessage,
      completedAt: clock.now(),
      ...extra.changes,
    },
    booking: extra.booking,
    details: { message: titleMessage, ...extra.details },
    credits: extra.credits,
  });

  const failed = (title: string, message: string, details: Record<string, unknown> = {}) =>
    ({
      result: 'FAILURE',
      changes: { subtype: 'Failed', title, titleMessage: message, completedAt: clock.now() },
      details: { message, ...details },
    }) satisfies Outcome;

  /**
   * Reprices to the fare the notification offered, as the GDS offers it now: the stored quote
   * names it by fare basis and price, the GDS's current offer carries the command to book it.
   * What it saved is counted as the detector counts it (net of fees and bags, or by the
   * provider's own figure; docs/decisions/037), against the booking as it stands before.
   */
  async function reprice(target: OperationTarget, quote: PriceQuote): Promise<Outcome> {
    const { gds, locator } = await reach(target);
    const offers = await gds.shopLowerFares(locator);
    const offer = offers.find(
      (o) =>
        o.fareBasis === quote.fareBasis &&
        o.currency === quote.currency &&
        cents(o.total) === cents(quote.newPrice),
    );
    if (!offer) return failed(titles.repriceFailed, titles.fareGone);
    const booking = await gds.retrieveBooking(locator);
    if (!booking) return failed(titles.repriceFailed, refusals.bookingGone(target.locator));
    if (!booking.storedFare)
      return failed(titles.repriceFailed, titles.notRepriceable('the booking has no stored fare'));
    // The branch's terms as the engine judged the alert by, at the provider's time: a void
    // window that closed since makes it a reissue, with its fees (docs/decisions/068).
    const settings = settingsWithin(
      gds,
      (await loadBranchSettings(db, target.place.branchId)).detectors,
    );
    const terms = reissueTermsOf(settings.reprice, await gds.now());
    const verdict = repriceSavingOf(booking, booking.storedFare, offer, terms);
    if (!verdict.ok) return failed(titles.repriceFailed, titles.notRepriceable(verdict.reason));
    // The premise is checked again before the GDS is asked to change anything: a booking
    // ticketed since pays change fees the alert did not count (docs/decisions/060). Refused in
    // words, nothing sent, the alert left pending for the engine to judge again.
    const promised = target.potentialSaving;
    if (promised !== null && verdict.saving.netCents < cents(promised))
      throw fail('notifications.premise-changed', refusals.savingShrank(verdict.saving, promised));
    const result = await gds.repriceTo(locator, offer, {
      byVoid: verdict.saving.voidUntil !== null,
    });
    // The change now costs more than the alert said: refused in the provider's figures, nothing
    // paid, and the alert left pending for the engine to judge again (issue 34).
    if (!result.ok && result.premiseChanged)
      throw fail('notifications.premise-changed', result.message);
    if (!result.ok) return failed(titles.repriceFailed, result.message);
    const { saving: net } = verdict;
    const saving = net.netCents / 100;
    // A difference the airline keeps is a credit for each ticket, recorded with the outcome.
    const credits = repriceCreditsOf({
      booking,
      saving: net,
      creditExpiresOn: quote.creditExpiresOn,
      place: target.place,
      notificationId: target.header.notification_id,
    });
    return complete(titles.repriced, titles.saved(net), {
      changes: { actualSaving: saving },
      booking: { currentPrice: offer.total, currency: offer.currency },
      credits,
      details: {
        saving,
        gross: net.grossCents / 100,
        currency: net.currency,
        fareBasis: quote.fareBasis,
        ...(net.refundTo ? { refundTo: net.refundTo } : {}),
      },
    });
  }

  async function removeSegments(target: OperationTarget): Promise<Outcome> {
    const { gds, locator } = await reach(target);
    // The segments are looked at again before anything is removed (issue 38): one the airline
    // confirmed since holds a seat, one gone already leaves nothing to remove. Either way
    // nothing is sent, and the notification says which.
    const booking = await gds.retrieveBooking(locator);
    if (!booking) return failed(titles.segmentRemovalFailed, refusals.bookingGone(target.locator));
    const changed = removalPremiseChanged(booking, target.segmentIds);
    if (changed) return failed(titles.segmentRemovalFailed, changed);
    const result = await gds.cancelSegments(locator, target.segmentIds);
    if (!result.ok) return failed(titles.segmentRemovalFailed, result.message);
    return complete(
      titles.segmentsRemoved,
      titles.segmentsRemovedMessage(target.segmentIds.length),
      {
        details: { segmentIds: target.segmentIds },
      },
    );
  }

  async function acceptSchedule(target: OperationTarget): Promise<Outcome> {
    const { gds, locator } = await reach(target);
    // This notification's change only: another pending change of the booking is the agent's
    // own decision (docs/decisions/061).
    const result = await gds.acceptScheduleChange(locator, target.segmentIds);
    if (!result.ok) return failed(titles.scheduleFailed, result.message);
    return complete(titles.scheduleAccepted, titles.scheduleAcceptedMessage);
  }

  async function issueTickets(target: OperationTarget): Promise<Outcome> {
    const { gds, locator } = await reach(target);
    const { state, errorText } = await gds.issueTickets(locator);
    // SPEC §8: the GDS's own text when it gave one, else the text of the state.
    const message = errorText ?? ticketingMessages[state];
    if (state !== 'SUCCESS' && state !== 'PARTIAL_SUCCESS') {
      return failed(titles.ticketingFailed, message, { ticketingState: state });
    }
    return complete(titles.ticketed, message, {
      booking: { isTicketed: true, lastPurchaseAt: null },
      details: { ticketingState: state },
    });
  }

  // Churning and a duplicate booking ask nothing of the GDS: confirming is taking note, once
  // the booking still exists.
  async function acknowledge(target: OperationTarget, message: string): Promise<Outcome> {
    const { gds, locator } = await reach(target);
    const booking = await gds.retrieveBooking(locator);
    if (!booking) return failed(titles.confirmFailed, refusals.bookingGone(target.locator));
    return complete(titles.confirmed, message);
  }

  function perform(target: OperationTarget, op: MainOperation, quote: PriceQuote | null) {
    if (op === 'RP' && quote) return reprice(target, quote);
    if (op === 'C') return removeSegments(target);
    switch (target.header.type) {
      case 'Reschedule':
        return acceptSchedule(target);
      case 'TicketingDue':
        return issueTickets(target);
      case 'Churning':
        return acknowledge(target, titles.churningConfirmed);
      case 'DuplicateBooking':
        return acknowledge(target, titles.duplicateConfirmed);
      // A credit's warning is about the ledger, not the booking: taken note of without the GDS.
      case 'CreditExpiry':
        return Promise.resolve(complete(titles.confirmed, titles.creditExpiryConfirmed));
      // Refused before any GDS call (typesTakingOperation); here only for the compiler.
      case 'HoldsWaitlist':
      case 'Reprice':
      case 'SegmentRemoval':
        throw new Error(`no ${op} operation for ${target.header.type}`);
    }
  }

  async function load(actor: Actor, action: string, id: number, details: Record<string, unknown>) {
    const target = await findNotificationInScope(db, actor.scope, id);
    // Outside the scope it does not exist, whether or not it does.
    if (!target)
      return refuse(actor, action, id, fail('notifications.not-found', refusals.notFound), details);
    return target;
  }

  async function toggle(actor: Actor, target: OperationTarget, op: 'CR' | 'SR') {
    const id = target.header.notification_id;
    const typeStatus = op === 'CR' ? 'Active' : 'Inactive';
    const header = await db.transaction(async (tx) => {
      const row = await updateNotification(tx, id, { typeStatus }, clock.now(), {
        onlyPending: false,
      });
      await audit(tx, actor, `notification.${op}`, id, 'SUCCESS', {
        op,
        locator: target.locator,
        typeStatus,
      });
      return row;
    });
    if (!header) throw fail('notifications.not-found', refusals.notFound);
    return { header };
  }

  async function execute(
    actor: Actor,
    notificationId: number,
    op: OperationCode,
  ): Promise<ExecuteAnswer> {
    const action = `notification.${op}`;
    const target = await load(actor, action, notificationId, { op });
    const { type, readonly, subtype } = target.header;
    const details = { op, locator: target.locator };
    const refused = (error: DomainError) => refuse(actor, action, notificationId, error, details);

    if (op === 'A' && NOTIFICATION_TYPES[type].mainAction === null)
      return refused(fail('notifications.no-main-action', refusals.noMainAction(type)));
    // The types an operation acts on are their descriptors' (SPEC §4): the main action's
    // code, and CR/SR for a keep switch.
    if (!typesTakingOperation(op).includes(type))
      return refused(fail('notifications.wrong-operation', refusals.wrongOperation(op, type)));
    if (readonly) return refused(fail('notifications.read-only', refusals.readonly));
    if (target.status === 'DEL') return refused(fail('notifications.removed', refusals.removed));
    // Its provider is not called, and its switches no longer steer a watch that has stopped.
    const away = disconnected(target);
    if (away) return refused(away);
    if (op === 'CR' || op === 'SR') return toggle(actor, target, op);
    if (subtype !== 'Pending')
      return refused(fail('notifications.not-pending', refusals.notPending));

    const quote = op === 'RP' ? await priceQuoteOf(notificationId) : null;
    if (op === 'RP' && !quote)
      return refused(fail('notifications.no-price-quote', refusals.noPriceQuote));
    const outcome = await callGds(actor, action, notificationId, details, () =>
      perform(target, op, quote),
    );

    // The GDS has answered; its outcome and the audit row are written together.
    const now = clock.now();
    const header = await db.transaction(async (tx) => {
      const row = await updateNotification(tx, notificationId, outcome.changes, now, {
        onlyPending: true,
      });
      if (outcome.booking) await updateBooking(tx, target.bookingId, outcome.booking, now);
      const creditIds = row && outcome.credits ? await recordCredits(tx, outcome.credits) : [];
      await audit(tx, actor, action, notificationId, row ? outcome.result : 'FAILURE', {
        ...details,
        ...outcome.details,
        ...(creditIds.length > 0 ? { creditIds } : {}),
        ...(row ? {} : { refused: 'CONFLICT', conflict: refusals.takenMeanwhile }),
      });
      return row;
    });
    if (!header) throw fail('notifications.taken-meanwhile', refusals.takenMeanwhile);
    return { header };
  }

  /**
   * What cancelling the PNR and quoting its refund both check first: the notification here,
   * then the booking as the GDS has it now (null when it has none), since our copy of it may be
   * a check behind.
   */
  async function cancellable(actor: Actor, op: 'cancelPnr' | 'cancelPnrQuote', id: number) {
    const action = `notification.${op}`;
    const target = await load(actor, action, id, { op });
    const details: Record<string, unknown> = { op, locator: target.locator };
    const refused = (error: DomainError) => refuse(actor, action, id, error, details);

    if (target.header.type !== 'TicketingDue')
      return refused(
        fail('notifications.cancel-not-ticketing-due', refusals.cancelOnlyTicketingDue),
      );
    if (target.header.readonly) return refused(fail('notifications.read-only', refusals.readonly));
    if (target.status === 'DEL') return refused(fail('notifications.removed', refusals.removed));
    if (target.isCancelled)
      return refused(fail('notifications.pnr-cancelled', refusals.alreadyCancelled));
    if (target.isTicketed) return refused(fail('notifications.pnr-ticketed', refusals.ticketed));
    const away = disconnected(target);
    if (away) return refused(away);
    const { gds, locator } = await callGds(actor, action, id, details, () => reach(target));
    const current = await callGds(actor, action, id, details, () => gds.retrieveBooking(locator));
    if (current?.isCancelled)
      return refused(fail('notifications.pnr-cancelled', refusals.alreadyCancelled));
    if (current?.isTicketed) return refused(fail('notifications.pnr-ticketed', refusals.ticketed));
    return { action, target, details, refused, gds, locator, current };
  }

  /** The refund cancelling would bring, for the agent to see before they cancel. */
  async function cancelPnrQuote(
    actor: Actor,
    notificationId: number,
  ): Promise<CancelPnrQuoteAnswer> {
    const { action, target, details, refused, gds, locator, current } = await cancellable(
      actor,
      'cancelPnrQuote',
      notificationId,
    );
    if (!current)
      return refused(fail('notifications.booking-gone', refusals.bookingGone(target.locator)));
    const quote = await callGds(actor, action, notificationId, details, () =>
      gds.quoteCancellation(locator),
    );
    if (!quote.ok) return refused(fail('notifications.quote-refused', quote.message));
    return { refund: quote.refund, refundTo: quote.refundTo, expiresAt: quote.expiresAt };
  }

  /**
   * Cancels the PNR. With the refund the agent was shown, only while the GDS still quotes it:
   * a refund that moved since is theirs to look at again, and nothing is cancelled.
   */
  async function cancelPnr(
    actor: Actor,
    notificationId: number,
    expectedRefund?: Money | null,
  ): Promise<CancelPnrAnswer> {
    const { action, target, details, refused, gds, locator, current } = await cancellable(
      actor,
      'cancelPnr',
      notificationId,
    );
    if (expectedRefund !== undefined) details.expectedRefund = expectedRefund;
    const quote =
      current && expectedRefund !== undefined
        ? await callGds(actor, action, notificationId, details, () =>
            gds.quoteCancellation(locator),
          )
        : null;
    if (quote?.ok && !sameRefund(quote.refund, expectedRefund ?? null))
      return refused(
        fail(
          'notifications.refund-changed',
          refusals.refundChanged(quote.refund && moneyText(quote.refund)),
        ),
      );
    // A quote the GDS refused fails the cancel as a refused cancellation would.
    const result = !current
      ? ({ ok: false, message: refusals.bookingGone(target.locator) } as const)
      : quote && !quote.ok
        ? quote
        : await callGds(actor, action, notificationId, details, () => gds.cancelBooking(locator));

    if (!result.ok) {
      await audit(db, actor, action, notificationId, 'FAILURE', {
        ...details,
        message: result.message,
      });
      return { cancellationSuccessful: false, message: result.message };
    }
    // A refund to a voucher or airline credit, or the provider's own airline credits, goes into
    // the credits ledger: as the confirmed cancellation says, else as the quote the agent saw.
    const gaveBack =
      result.cancellation ??
      (quote?.ok ? { refund: quote.refund, refundTo: quote.refundTo, airlineCredits: [] } : null);
    const credits =
      current && gaveBack
        ? cancellationCreditsOf({
            booking: current,
            outcome: gaveBack,
            place: target.place,
            notificationId,
          })
        : [];
    const now = clock.now();
    await db.transaction(async (tx) => {
      const creditIds = await recordCredits(tx, credits);
      if (creditIds.length > 0) details.creditIds = creditIds;
      await updateBooking(tx, target.bookingId, { isCancelled: true, lastPurchaseAt: null }, now);
      await updateNotification(
        tx,
        notificationId,
        {
          subtype: 'Complete',
          title: titles.pnrCancelled,
          titleMessage: titles.pnrCancelledMessage,
          completedAt: now,
        },
        now,
        { onlyPending: false },
      );
      await audit(tx, actor, action, notificationId, 'SUCCESS', {
        ...details,
        message: uiTexts.pnrCancelled,
      });
    });
    return { cancellationSuccessful: true, message: uiTexts.pnrCancelled };
  }

  return { execute, cancelPnr, cancelPnrQuote };
}

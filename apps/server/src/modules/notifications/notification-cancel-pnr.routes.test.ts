import { NOTIFICATION_CALLS, type NotificationType } from '@smt/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agents, auditLog, bookings, notifications } from '@/db/schema';
import {
  createNotificationsWorld,
  DEMO,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import type { DemoPerson } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// Cancelling a ticketing-due notification's PNR with its refund shown first: the quote, then
// the cancel that names the refund the agent saw, over HTTP as the SPA sends them (JSON).

type Call = 'cancelPnr' | 'cancelPnrQuote';

// Agents' initials in the demo organisation (CONTRACT.md).
const ADAM = 'AA';
const BELLA = 'BA';
const BEN = 'BB';

describe.each(TEST_DATABASE_KINDS)('cancel PNR with its refund quoted first on %s', (kind) => {
  let world: NotificationsWorld;
  // Notifications already handed to a test, so that each test takes fresh ones.
  const taken = new Set<number>();
  const db = () => world.database.db;

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    // Everyone signs in now: each sign-in moves the clock a minute, access tokens last ten.
    for (const person of [DEMO.agent, DEMO.manager]) await world.headersOf(person);
  });
  afterAll(() => world.close());

  async function call(name: Call, who: DemoPerson, payload: Record<string, unknown>) {
    return world.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS[name]}`,
      headers: await world.headersOf(who),
      payload,
    });
  }

  /** A fresh pending notification of an agent, taken for the test. */
  async function take(initials: string, type: NotificationType) {
    const rows = await db()
      .select({ id: notifications.id, locator: bookings.pnrNumber })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .innerJoin(agents, eq(agents.id, notifications.agentId))
      .where(
        and(
          eq(agents.initials, initials),
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
          eq(notifications.readonly, false),
          ne(notifications.status, 'DEL'),
        ),
      )
      .orderBy(asc(notifications.id));
    const row = rows.find((each) => !taken.has(each.id));
    if (!row) throw new Error(`the engine raised no fresh ${type} for ${initials}`);
    taken.add(row.id);
    return row;
  }

  async function subtypeOf(id: number) {
    const [row] = await db()
      .select({ subtype: notifications.subtype })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row?.subtype;
  }

  async function lastAudit(id: number) {
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  const isCancelledInGds = async (locator: string) =>
    (await world.sim.retrieveBooking(locator))?.isCancelled;

  it('should quote nothing back for an unpaid booking, then cancel when the agent confirms that refund', async () => {
    const { id, locator } = await take(ADAM, 'TicketingDue');
    const currency = (await world.sim.retrieveBooking(locator))?.storedFare?.currency;

    const quoted = await call('cancelPnrQuote', DEMO.agent, { notificationId: id });

    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toEqual({
      refund: { amount: 0, currency },
      refundTo: null,
      expiresAt: null,
    });
    // Quoting cancels nothing.
    expect(await isCancelledInGds(locator)).toBe(false);
    expect(await subtypeOf(id)).toBe('Pending');

    const cancelled = await call('cancelPnr', DEMO.agent, {
      notificationId: id,
      expectedRefund: quoted.json().refund,
    });

    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      cancellationSuccessful: true,
      message: 'This PNR is cancelled',
    });
    expect(await isCancelledInGds(locator)).toBe(true);
    expect(await subtypeOf(id)).toBe('Complete');
    expect(await lastAudit(id)).toMatchObject({
      action: 'notification.cancelPnr',
      result: 'SUCCESS',
      details: { expectedRefund: { amount: 0, currency } },
    });
    const again = await call('cancelPnrQuote', DEMO.agent, { notificationId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'This PNR is already cancelled',
      reason: 'notifications.pnr-cancelled',
    });
  });

  it('should refuse with the refund as it is now, and cancel nothing, when the refund moved since the quote', async () => {
    const { id, locator } = await take(BELLA, 'TicketingDue');
    const quoted = await call('cancelPnrQuote', DEMO.manager, { notificationId: id });
    const { currency } = quoted.json().refund as { currency: string };

    const moved = await call('cancelPnr', DEMO.manager, {
      notificationId: id,
      expectedRefund: { amount: 180, currency },
    });

    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      code: 'CONFLICT',
      message: `The refund is now 0.00 ${currency}: look at it again before cancelling`,
      reason: 'notifications.refund-changed',
    });
    expect(await isCancelledInGds(locator)).toBe(false);
    expect(await subtypeOf(id)).toBe('Pending');
    expect(await lastAudit(id)).toMatchObject({
      action: 'notification.cancelPnr',
      result: 'FAILURE',
      details: { refused: 'CONFLICT', expectedRefund: { amount: 180, currency } },
    });

    // The same amount in another currency is another refund.
    const otherCurrency = currency === 'EUR' ? 'USD' : 'EUR';
    const elsewhere = await call('cancelPnr', DEMO.manager, {
      notificationId: id,
      expectedRefund: { amount: 0, currency: otherCurrency },
    });
    expect(elsewhere.statusCode).toBe(409);
    // Shown as unknown, while the GDS knows it now.
    const unknown = await call('cancelPnr', DEMO.manager, {
      notificationId: id,
      expectedRefund: null,
    });
    expect(unknown.statusCode).toBe(409);
    expect(await isCancelledInGds(locator)).toBe(false);
  });

  it('should compare in whole cents and name the new amount when a paid refund changes', async () => {
    const { id, locator } = await take(BELLA, 'TicketingDue');
    const quote = (amount: number) => ({
      ok: true as const,
      refund: { amount, currency: 'GBP' },
      refundTo: 'balance' as const,
      expiresAt: '2026-11-22T09:15:00.000Z',
    });
    const spy = vi.spyOn(world.sim, 'quoteCancellation');
    try {
      spy.mockResolvedValueOnce(quote(180)).mockResolvedValueOnce(quote(80));
      const quoted = await call('cancelPnrQuote', DEMO.manager, { notificationId: id });
      expect(quoted.json()).toEqual({
        refund: { amount: 180, currency: 'GBP' },
        refundTo: 'balance',
        expiresAt: '2026-11-22T09:15:00.000Z',
      });

      const moved = await call('cancelPnr', DEMO.manager, {
        notificationId: id,
        expectedRefund: quoted.json().refund,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toBe(
        'The refund is now 80.00 GBP: look at it again before cancelling',
      );
      expect(await isCancelledInGds(locator)).toBe(false);

      spy.mockResolvedValueOnce(quote(80.004));
      const confirmed = await call('cancelPnr', DEMO.manager, {
        notificationId: id,
        expectedRefund: { amount: 80, currency: 'GBP' },
      });
      expect(confirmed.json()).toEqual({
        cancellationSuccessful: true,
        message: 'This PNR is cancelled',
      });
      expect(await isCancelledInGds(locator)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('should cancel as before, quoting nothing, when the caller names no refund', async () => {
    const { id, locator } = await take(BEN, 'TicketingDue');
    const spy = vi.spyOn(world.sim, 'quoteCancellation');
    try {
      const response = await call('cancelPnr', DEMO.manager, { notificationId: id });

      expect(response.json()).toEqual({
        cancellationSuccessful: true,
        message: 'This PNR is cancelled',
      });
      expect(spy).not.toHaveBeenCalled();
      expect(await isCancelledInGds(locator)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("should refuse both calls as not found, and touch nothing, when the notification is another agent's", async () => {
    const { id, locator } = await take(BELLA, 'TicketingDue');

    const quoted = await call('cancelPnrQuote', DEMO.agent, { notificationId: id });
    const cancelled = await call('cancelPnr', DEMO.agent, {
      notificationId: id,
      expectedRefund: { amount: 0, currency: 'USD' },
    });

    for (const response of [quoted, cancelled]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Notification not found',
        reason: 'notifications.not-found',
      });
    }
    expect(await isCancelledInGds(locator)).toBe(false);
    expect(await subtypeOf(id)).toBe('Pending');
  });

  it('should refuse the quote as cancelling is refused when the notification is no ticketing due or the PNR is ticketed', async () => {
    const reprice = await take(ADAM, 'Reprice');
    const wrongType = await call('cancelPnrQuote', DEMO.agent, { notificationId: reprice.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Only a ticketing-due notification can cancel its PNR');

    const { id, locator } = await take(ADAM, 'TicketingDue');
    expect(await world.sim.ticketElsewhere(locator)).toBe(true);
    const ticketed = await call('cancelPnrQuote', DEMO.agent, { notificationId: id });
    expect(ticketed.statusCode).toBe(409);
    expect(ticketed.json().message).toBe('This PNR is ticketed and cannot be cancelled here');
    expect(await lastAudit(id)).toMatchObject({
      action: 'notification.cancelPnrQuote',
      result: 'FAILURE',
      details: { refused: 'CONFLICT' },
    });
  });

  it('should answer 400 with the field when the expected refund has no currency', async () => {
    const response = await call('cancelPnr', DEMO.agent, {
      notificationId: 1,
      expectedRefund: { amount: 10 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { 'expectedRefund.currency': expect.any(String) },
    });
  });
});

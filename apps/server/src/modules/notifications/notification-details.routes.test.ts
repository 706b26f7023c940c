import {
  NOTIFICATION_CALLS,
  ticketingMessages,
  type NotificationDetails,
  type NotificationType,
} from '@smt/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agents, auditLog, bookings, notifications, priceQuotes, users } from '@/db/schema';
import {
  createNotificationsWorld,
  DEMO,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import type { DemoPerson } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { detailsMessages } from './notification-details.messages';
import { kindWordsOf } from '../../../test/saving-kind';

type Call = keyof typeof NOTIFICATION_CALLS;
type Who = DemoPerson | null;

// Someone who signs in with a pair no user has becomes a new registered user.
const NEW_USER = { email: 'newcomer@demo.test', phone: '+972500000099' };

// Agents' initials in the demo organisation (CONTRACT.md).
const ADAM = 'AA';
const BELLA = 'BA';
const BEN = 'BB';
const GAL = 'GA';
const GIL = 'GG';
const MAYA = 'MM';

describe.each(TEST_DATABASE_KINDS)('single-notification calls on %s', (kind) => {
  let world: NotificationsWorld;
  // Notifications already handed to a test, so that each test takes fresh ones.
  const taken = new Set<number>();
  const db = () => world.database.db;

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    // Everyone signs in now: each sign-in moves the clock a minute, access tokens last ten.
    for (const person of [
      DEMO.agent,
      DEMO.manager,
      DEMO.superUser,
      DEMO.operator,
      DEMO.globeManager,
      DEMO.globeAgent,
      NEW_USER,
    ]) {
      await world.headersOf(person);
    }
  });
  afterAll(() => world.close());

  async function call(call: Call, who: Who, payload: unknown) {
    return world.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS[call]}`,
      headers: who ? await world.headersOf(who) : {},
      payload: payload as Record<string, unknown>,
    });
  }

  /** Fresh notifications of an agent: pending, not read-only, not deleted. */
  async function candidates(initials: string, type: NotificationType) {
    const rows = await db()
      .select({ id: notifications.id, locator: bookings.pnrNumber, status: notifications.status })
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
    return rows.filter((row) => !taken.has(row.id));
  }

  /**
   * An agent's first notification of a type that is not deleted, whatever became of it: for
   * tests that must leave it as it is. The demo raises only a few of each type per agent, so
   * the tests that change one take it for themselves.
   */
  async function peek(initials: string, type: NotificationType) {
    const [row] = await db()
      .select({ id: notifications.id, locator: bookings.pnrNumber })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .innerJoin(agents, eq(agents.id, notifications.agentId))
      .where(
        and(
          eq(agents.initials, initials),
          eq(notifications.type, type),
          ne(notifications.status, 'DEL'),
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(1);
    if (!row) throw new Error(`the engine raised no ${type} for ${initials}`);
    return row;
  }

  async function take(initials: string, type: NotificationType) {
    const [row] = await candidates(initials, type);
    if (!row) throw new Error(`the engine raised no fresh ${type} for ${initials}`);
    taken.add(row.id);
    return row;
  }

  /** Fresh notifications of an agent, of any type, taken for the test. */
  async function takeAny(initials: string, count: number): Promise<number[]> {
    const rows = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(agents, eq(agents.id, notifications.agentId))
      .where(
        and(
          eq(agents.initials, initials),
          eq(notifications.readonly, false),
          ne(notifications.status, 'DEL'),
        ),
      )
      .orderBy(desc(notifications.id));
    const ids = rows
      .map((row) => row.id)
      .filter((id) => !taken.has(id))
      .slice(0, count);
    if (ids.length < count)
      throw new Error(`${initials} has fewer than ${count} fresh notifications`);
    for (const id of ids) taken.add(id);
    return ids;
  }

  async function rowOf(id: number) {
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error(`no notification ${id}`);
    return row;
  }

  async function quoteOf(id: number) {
    const [quote] = await db()
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, id))
      .orderBy(asc(priceQuotes.seqNum));
    if (!quote) throw new Error(`notification ${id} has no price quote`);
    return { ...quote, fareBasis: (quote.fareConds as { farebasis: string }).farebasis };
  }

  async function userIdOf(person: DemoPerson) {
    const [user] = await db().select().from(users).where(eq(users.email, person.email));
    if (!user) throw new Error(`no user ${person.email}`);
    return user.id;
  }

  /** Every call that takes a notification id, asked about `id` as harmlessly as it can be. */
  async function everyCallOn(id: number, who: Who) {
    const { fareBasis, seqNum } = await quoteOf(id);
    const bodies: [Call, unknown][] = [
      ['data', { notification_id: id }],
      ['pqData', { notification_id: id }],
      ['execute', { notification_id: id, op_code: 'SR' }],
      ['delete', { notification_id: id }],
      ['bulkDelete', { notification_ids: [id] }],
      ['fareBasisPenalties', { notification_id: id, seq_num: seqNum, farebasis: fareBasis }],
      ['cancelPnr', { notificationId: id }],
      ['pnrInfo', { notification_id: id }],
      ['share', { notification_id: id }],
    ];
    const answers: [Call, number, unknown][] = [];
    for (const [name, body] of bodies) {
      const response = await call(name, who, body);
      answers.push([name, response.statusCode, response.json()]);
    }
    return answers;
  }

  describe('access', () => {
    it.each<[string, string, DemoPerson]>([
      ["another agent's", BELLA, DEMO.agent],
      ["another agency's", GAL, DEMO.agent],
      ["another agency's", GAL, DEMO.manager],
      ["another agency's", ADAM, DEMO.globeManager],
      ['any', ADAM, DEMO.operator],
    ])(
      'should answer 404 on every call when the notification is %s (%s, asked by %o)',
      async (_, owner, who) => {
        const { id, locator } = await peek(owner, 'Reprice');
        const before = await rowOf(id);
        const gdsBefore = await world.sim.retrieveBooking(locator);

        for (const [name, status, body] of await everyCallOn(id, who)) {
          expect([name, status]).toEqual([name, 404]);
          expect(body).toEqual({
            code: 'NOT_FOUND',
            message: expect.any(String),
            reason: name === 'share' ? 'share.not-found' : 'notifications.not-found',
          });
        }

        expect(await rowOf(id)).toEqual(before);
        expect(await world.sim.retrieveBooking(locator)).toEqual(gdsBefore);
      },
    );

    it('should answer 404 on every call when the notification does not exist', async () => {
      const { id } = await peek(ADAM, 'Reprice');
      // The missing id borrows a real quote's fare basis so only the id is wrong.
      const missing = 987_654_321;
      const { fareBasis } = await quoteOf(id);
      for (const [name, body] of [
        ['data', { notification_id: missing }],
        ['fareBasisPenalties', { notification_id: missing, seq_num: 1, farebasis: fareBasis }],
        ['bulkDelete', { notification_ids: [missing] }],
        ['cancelPnr', { notificationId: missing }],
        ['share', { notification_id: missing }],
      ] as [Call, unknown][]) {
        expect([name, (await call(name, DEMO.superUser, body)).statusCode]).toEqual([name, 404]);
      }
    });

    it('should answer 403 on every call when a new registered user asks', async () => {
      const { id } = await peek(ADAM, 'Reprice');
      for (const [name, status, body] of await everyCallOn(id, NEW_USER)) {
        expect([name, status]).toEqual([name, 403]);
        expect(body).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it('should answer 401 on every call when nobody is signed in', async () => {
      const { id } = await peek(ADAM, 'Reprice');
      const before = await rowOf(id);
      for (const [name, status, body] of await everyCallOn(id, null)) {
        expect([name, status]).toEqual([name, 401]);
        expect(body).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect(await rowOf(id)).toEqual(before);
    });
  });

  describe('bad input', () => {
    it.each<[Call, unknown, string]>([
      ['data', {}, 'notification_id'],
      ['data', { notification_id: 'abc' }, 'notification_id'],
      ['pqData', { notification_id: '-4' }, 'notification_id'],
      ['execute', { notification_id: 1, op_code: 'XX' }, 'op_code'],
      ['execute', { op_code: 'RP' }, 'notification_id'],
      ['delete', { notification_id: '1.5' }, 'notification_id'],
      ['bulkDelete', { notification_ids: [] }, 'notification_ids'],
      ['bulkDelete', { notification_ids: ['1', 'x'] }, 'notification_ids.1'],
      ['fareBasisPenalties', { notification_id: 1, seq_num: 1, farebasis: 'no good' }, 'farebasis'],
      ['fareBasisPenalties', { notification_id: 1, farebasis: 'YHXFL' }, 'seq_num'],
      ['cancelPnr', { notificationId: 'abc' }, 'notificationId'],
      ['pnrInfo', { notification_id: '' }, 'notification_id'],
      ['share', {}, 'notification_id'],
    ])('should answer 400 with fieldErrors when %s gets %o', async (name, body, field) => {
      const response = await call(name, DEMO.agent, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        fieldErrors: { [field]: expect.any(String) },
      });
    });
  });

  describe('reading', () => {
    it('should answer the whole notification, read, when its owner opens it', async () => {
      const { id } = await take(ADAM, 'Reschedule');
      const stored = await rowOf(id);

      // A form-encoded body, as the SPA sends it.
      const response = await world.app.inject({
        method: 'POST',
        url: `/api/${NOTIFICATION_CALLS.data}`,
        headers: {
          ...(await world.headersOf(DEMO.agent)),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `notification_id=${id}`,
      });

      expect(response.statusCode).toBe(200);
      const details = response.json<NotificationDetails>();
      expect(details.header).toEqual({
        notification_id: id,
        type: 'Reschedule',
        subtype: 'Pending',
        group: 'RESCHEDULE',
        type_status: 'Active',
        title: stored.title,
        title_message: stored.titleMessage,
        notification_time: stored.notificationTime.toISOString(),
        readonly: false,
        status: 'READ',
      });
      const { alerts, remarks, last_purchase_date, segment_classes } = stored.payload;
      expect(details.payload).toEqual({ alerts, remarks, last_purchase_date, segment_classes });
      expect(details.data).toEqual(stored.data);
    });

    it.each<[string, string, DemoPerson]>([
      ['a manager', BEN, DEMO.manager],
      ['a manager', BELLA, DEMO.manager],
      ['the super user', GAL, DEMO.superUser],
    ])("should let %s read a notification of their scope (%s's)", async (_, owner, who) => {
      const { id } = await peek(owner, 'Reprice');
      const data = await call('data', who, { notification_id: id });
      expect(data.statusCode).toBe(200);
      expect(data.json<NotificationDetails>().header).toMatchObject({
        notification_id: id,
        group: 'REPRICE',
      });
      const pq = await call('pqData', who, { notification_id: id });
      expect(pq.statusCode).toBe(200);
      expect(pq.json<{ pq_data: unknown[] }>().pq_data).toHaveLength(1);
    });

    it('should answer the price quotes in seq_num order in the API shape when asked', async () => {
      const { id } = await peek(GIL, 'Reprice');
      const quote = await quoteOf(id);
      const response = await call('pqData', DEMO.superUser, { notification_id: id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        pq_data: [
          {
            seq_num: quote.seqNum,
            cmd: quote.cmd,
            current_price: quote.currentPrice,
            new_price: quote.newPrice,
            currency: quote.currency,
            last_purchase: quote.lastPurchase,
            pax: quote.pax,
            segments: quote.segments,
            conditions: quote.conditions,
            fare_conds: quote.fareConds,
            newBaggageInfos: quote.newBaggageInfos ?? [],
            // What the engine worked out the reprice saves net, kept with the quote.
            saving: quote.saving,
          },
        ],
      });
      expect(quote.saving).toMatchObject({ gross: expect.any(Number), net: expect.any(Number) });
    });

    it('should answer an empty list when the notification has no price quotes', async () => {
      const { id } = await peek(ADAM, 'HoldsWaitlist');
      const response = await call('pqData', DEMO.agent, { notification_id: id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ pq_data: [] });
    });

    it('should answer 404 on reads when the notification is deleted', async () => {
      const { id } = await take(BELLA, 'HoldsWaitlist');
      await db().update(notifications).set({ status: 'DEL' }).where(eq(notifications.id, id));
      for (const name of ['data', 'pqData', 'pnrInfo', 'share'] as const) {
        const response = await call(name, DEMO.manager, { notification_id: id });
        expect([name, response.statusCode]).toEqual([name, 404]);
      }
    });
  });

  describe('operations', () => {
    it('should reprice in the GDS and record the saving when a pending reprice is repriced', async () => {
      // A quote the GDS still offers (the engine's later runs may have moved fares on), asked
      // by its own agent or else by the super user.
      let target: { id: number; locator: string; who: DemoPerson } | undefined;
      for (const [initials, who] of [
        [ADAM, DEMO.agent],
        [GIL, DEMO.superUser],
      ] as const) {
        for (const row of await candidates(initials, 'Reprice')) {
          const quote = await quoteOf(row.id);
          const offers = await world.sim.shopLowerFares(row.locator);
          if (offers.some((o) => o.fareBasis === quote.fareBasis && o.total === quote.newPrice)) {
            target ??= { ...row, who };
          }
        }
      }
      if (!target) throw new Error('no reprice whose fare is still offered');
      taken.add(target.id);
      const quote = await quoteOf(target.id);
      // What the alert promised: net of fees and bags (docs/decisions/037).
      const saving = quote.saving?.net ?? Number.NaN;

      const response = await call('execute', target.who, {
        notification_id: target.id,
        op_code: 'RP',
      });

      expect(response.statusCode).toBe(200);
      const stored = await rowOf(target.id);
      expect(response.json()).toEqual({
        header: {
          notification_id: target.id,
          type: 'Reprice',
          subtype: 'Complete',
          group: 'REPRICE',
          type_status: 'Active',
          title: 'Repriced',
          title_message: `Saved ${saving.toFixed(2)} ${quote.currency}${kindWordsOf(quote.saving)}`,
          notification_time: stored.notificationTime.toISOString(),
          readonly: false,
        },
      });
      expect((await world.sim.retrieveBooking(target.locator))?.storedFare?.total).toBe(
        quote.newPrice,
      );
      expect(stored.actualSaving).toBe(saving);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(target.id)))
        .orderBy(desc(auditLog.id));
      const actor = await userIdOf(target.who);
      expect(audit).toMatchObject({
        action: 'notification.RP',
        result: 'SUCCESS',
        userId: actor,
        realUserId: actor,
      });
    });

    it('should answer 200 with a Failed subtype when the GDS refuses the ticketing', async () => {
      const { id, locator } = await take(ADAM, 'TicketingDue');
      await world.sim.scriptTicketing(locator, { state: 'FAILURE', errorText: null });

      const response = await call('execute', DEMO.agent, { notification_id: id, op_code: 'A' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        header: {
          notification_id: id,
          subtype: 'Failed',
          group: 'TICKETING_DUE',
          title: 'Ticketing failed',
          title_message: ticketingMessages.FAILURE,
        },
      });
    });

    it("should let the super user act on another agency's notification", async () => {
      const { id } = await take(GAL, 'TicketingDue');
      const response = await call('execute', DEMO.superUser, {
        notification_id: id,
        op_code: 'SR',
      });
      expect(response.statusCode).toBe(200);
      expect((await rowOf(id)).typeStatus).toBe('Inactive');
    });

    it('should pass the refusal on when the operation does not fit the notification', async () => {
      const { id } = await peek(ADAM, 'HoldsWaitlist');
      const response = await call('execute', DEMO.agent, { notification_id: id, op_code: 'A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'A HoldsWaitlist notification has no main action',
        reason: 'notifications.no-main-action',
      });
    });

    it('should answer 500 with a sentence, not a stack, when the GDS fails', async () => {
      const { id } = await take(MAYA, 'Reprice');
      const spy = vi
        .spyOn(world.sim, 'shopLowerFares')
        .mockRejectedValueOnce(new Error('socket hang up'));
      try {
        const response = await call('execute', DEMO.manager, {
          notification_id: id,
          op_code: 'RP',
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({
          code: 'INTERNAL',
          message: detailsMessages.gdsFailed,
          reason: 'notifications.gds-failed',
        });
      } finally {
        spy.mockRestore();
      }
      expect((await rowOf(id)).subtype).toBe('Pending');
    });
  });

  describe('cancel PNR and PNR info', () => {
    it('should answer what the GDS says now when PNR info is asked', async () => {
      const { id, locator } = await take(ADAM, 'TicketingDue');
      const info = await call('pnrInfo', DEMO.agent, { notification_id: id });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({ is_ticketed: false, is_cancelled: false });

      await world.sim.scriptTicketing(locator, { state: 'SUCCESS', errorText: null });
      await call('execute', DEMO.agent, { notification_id: id, op_code: 'A' });
      const after = await call('pnrInfo', DEMO.agent, { notification_id: id });
      expect(after.json()).toEqual({ is_ticketed: true, is_cancelled: false });
    });

    it('should answer cancelled when the GDS no longer has the booking', async () => {
      const { id } = await peek(ADAM, 'Reschedule');
      const spy = vi.spyOn(world.sim, 'retrieveBooking').mockResolvedValueOnce(null);
      try {
        const response = await call('pnrInfo', DEMO.agent, { notification_id: id });
        expect(response.json()).toEqual({ is_ticketed: false, is_cancelled: true });
      } finally {
        spy.mockRestore();
      }
    });

    it.each<[string, string, DemoPerson]>([
      ['the agent', GAL, DEMO.globeAgent],
      ['a manager', BEN, DEMO.manager],
    ])(
      'should cancel the PNR in the GDS when %s cancels a ticketing due',
      async (_, owner, who) => {
        const { id, locator } = await take(owner, 'TicketingDue');

        const response = await call('cancelPnr', who, { notificationId: id });

        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          cancellationSuccessful: true,
          message: 'This PNR is cancelled',
        });
        expect((await world.sim.retrieveBooking(locator))?.isCancelled).toBe(true);
        expect((await rowOf(id)).subtype).toBe('Complete');
        const info = await call('pnrInfo', who, { notification_id: id });
        expect(info.json()).toEqual({ is_ticketed: false, is_cancelled: true });
        const reopened = await call('data', who, { notification_id: id });
        expect(reopened.json().data.pnr.is_cancelled).toBe(true);
        const again = await call('cancelPnr', who, { notificationId: id });
        expect(again.statusCode).toBe(409);
      },
    );
  });

  describe('delete', () => {
    it('should answer how many were deleted when its owner deletes it', async () => {
      const { id } = await take(ADAM, 'HoldsWaitlist');

      const response = await call('delete', DEMO.agent, { notification_id: id });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: 1 });
    });

    it("should answer how many were deleted when a manager deletes their agents' notifications", async () => {
      const ids = [
        (await take(ADAM, 'Reschedule')).id,
        (await take(BELLA, 'Reschedule')).id,
        (await take(BEN, 'Reschedule')).id,
      ];

      const response = await call('bulkDelete', DEMO.manager, { notification_ids: ids });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: 3 });
    });

    it('should accept the ids as repeated form fields when the bulk delete is form-encoded', async () => {
      const ids = [(await take(GAL, 'Reschedule')).id, (await take(GAL, 'HoldsWaitlist')).id];
      const response = await world.app.inject({
        method: 'POST',
        url: `/api/${NOTIFICATION_CALLS.bulkDelete}`,
        headers: {
          ...(await world.headersOf(DEMO.superUser)),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: ids.map((id) => `notification_ids=${id}`).join('&'),
      });
      expect(response.json()).toEqual({ deleted: 2 });
    });

    it("should answer 404 when one of the bulk ids is not the caller's", async () => {
      const own = [(await take(ADAM, 'Reschedule')).id, (await take(ADAM, 'Churning')).id];
      const foreign = (await take(BELLA, 'HoldsWaitlist')).id;
      const ids = [...own, foreign];

      const response = await call('bulkDelete', DEMO.agent, { notification_ids: ids });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('should answer how many were put back when their deleter undoes it in time', async () => {
      const ids = await takeAny(GIL, 2);
      await call('bulkDelete', DEMO.globeManager, { notification_ids: ids });

      const response = await call('undoDelete', DEMO.globeManager, { notification_ids: ids });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ restored: 2 });
    });

    it('should answer 409 when a notification is read-only', async () => {
      const readonly = (await take(ADAM, 'SegmentRemoval')).id;
      await db()
        .update(notifications)
        .set({ readonly: true })
        .where(eq(notifications.id, readonly));

      const response = await call('delete', DEMO.agent, { notification_id: readonly });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: detailsMessages.readonlyDelete,
        reason: 'notifications.read-only',
      });
    });
  });

  describe('fare rules', () => {
    it('should answer the fare basis and its multi-line penalty text when the quote offers it', async () => {
      const { id } = await peek(ADAM, 'Reprice');
      const { fareBasis, seqNum } = await quoteOf(id);

      const response = await call('fareBasisPenalties', DEMO.agent, {
        notification_id: id,
        seq_num: seqNum,
        farebasis: fareBasis,
        segment_id: 'S1',
        flight_class: 'Y',
      });

      expect(response.statusCode).toBe(200);
      const rules = await world.sim.fareRules(fareBasis);
      expect(response.json()).toEqual({
        farebasis_penalty: { farebasis: fareBasis, penalty: rules?.penalty },
      });
      expect(rules?.penalty.split('\n').length).toBeGreaterThan(1);
    });

    it('should answer null when the GDS has no rules for the fare basis', async () => {
      const { id } = await peek(BELLA, 'Reprice');
      const { fareBasis, seqNum } = await quoteOf(id);
      const spy = vi.spyOn(world.sim, 'fareRules').mockResolvedValueOnce(null);
      try {
        const response = await call('fareBasisPenalties', DEMO.manager, {
          notification_id: id,
          seq_num: seqNum,
          farebasis: fareBasis,
        });
        expect(response.json()).toEqual({ farebasis_penalty: null });
      } finally {
        spy.mockRestore();
      }
    });

    it('should answer 404 when no price quote of the notification has that fare basis', async () => {
      const { id } = await peek(ADAM, 'Reprice');
      const { fareBasis, seqNum } = await quoteOf(id);
      for (const body of [
        { notification_id: id, seq_num: seqNum, farebasis: 'ZZZZ9' },
        { notification_id: id, seq_num: seqNum + 7, farebasis: fareBasis },
      ]) {
        const response = await call('fareBasisPenalties', DEMO.agent, body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });
  });
});

import { ticketingMessages, type NotificationType, type TicketingState } from '@smt/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { auditLog, bookings, branches, notifications, priceQuotes, users } from '@/db/schema';
import { scopeOf } from '@/db/scope';
import { seedDemoBookings } from '@/gds/simulator/demo-bookings';
import { type Simulator } from '@/gds/simulator/simulator';
import { testRecord, T0 } from '@/gds/simulator/testing';
import { DomainError } from '@/lib/domain-error';
import { Clock } from '@/lib/clock';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';
import {
  createNotificationOperations,
  type Actor,
  type NotificationOperations,
} from './notification-operations.service';
import { errorCodes } from './notifications.errors';
import { kindWordsOf } from '../../../test/saving-kind';

const HOUR = 3_600_000;
const START = new Date(T0);
// Four agents of Demo Travel and one of Globe Tours, each with the demo's scripted bookings.
const DEMO_AGENTS = [
  { pcc: 'TLV1', initials: 'AA' },
  { pcc: 'TLV1', initials: 'BA' },
  { pcc: 'TLV1', initials: 'MM' },
  { pcc: 'JRS1', initials: 'BB' },
  { pcc: 'HFA1', initials: 'GA' },
];

describe.each(TEST_DATABASE_KINDS)('notification operations on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let operations: NotificationOperations;
  let manager: Actor;
  let impersonating: Actor;
  // Notifications already handed to a test, so that each test takes fresh ones.
  const taken = new Set<number>();

  const db = () => database.db;

  async function userByEmail(email: string) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no demo user ${email}`);
    return user;
  }

  /** The engine's loops, once: every branch synced, every booking checked. */
  async function runEngine(deps: EngineDeps) {
    const all = await db().select().from(branches).orderBy(asc(branches.id));
    for (const branch of all) await syncBranch(deps, branch);
    const ids = await queryRows<{ id: number }>(db(), sql`select id from bookings order by id`);
    for (const { id } of ids) await checkBooking(deps, id);
  }

  /** Fresh pending notifications the engine raised, of a type and a branch. */
  async function pendingOf(type: NotificationType, pcc = 'TLV1') {
    const rows = await db()
      .select({ id: notifications.id, locator: bookings.pnrNumber, bookingId: bookings.id })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .innerJoin(branches, eq(branches.id, notifications.branchId))
      .where(
        and(
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
          eq(notifications.readonly, false),
          ne(notifications.status, 'DEL'),
          eq(branches.pcc, pcc),
        ),
      )
      .orderBy(asc(notifications.id));
    return rows.filter((row) => !taken.has(row.id));
  }

  async function take(type: NotificationType, pcc = 'TLV1') {
    const [row] = await pendingOf(type, pcc);
    if (!row) throw new Error(`the engine raised no pending ${type} in ${pcc}`);
    taken.add(row.id);
    return row;
  }

  async function notificationRow(id: number) {
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error(`no notification ${id}`);
    return row;
  }

  async function auditOf(id: number) {
    return db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(desc(auditLog.id));
  }

  /** The refusal a call threw, with the code its caller is answered with. */
  async function refusalOf(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    const { reason, message } = error as DomainError;
    return { reason, message, code: errorCodes[reason as keyof typeof errorCodes] };
  }

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 7, startAt: START }));
    await seedDemoBookings(sim, DEMO_AGENTS);
    // A flight retimed twice: the second schedule change supersedes the first, read-only now.
    await sim.importBookings([
      testRecord({
        key: 'retimed-twice',
        events: (r) => [
          { kind: 'TIME_CHANGE', at: T0 + HOUR, segmentId: r.booking.segments[0]!.id, minutes: 60 },
          {
            kind: 'TIME_CHANGE',
            at: T0 + 7 * HOUR,
            segmentId: r.booking.segments[0]!.id,
            minutes: 120,
          },
        ],
      }),
    ]);
    const deps: EngineDeps = {
      db: database.db,
      gds: sim,
      clock: new Clock(),
      log: Fastify({ logger: { level: 'silent' } }).log,
    };
    // The first look finds the offered fares; hours on, schedule changes, cleared waitlists,
    // removed segments and the second ticketing deadline have come up too.
    await runEngine(deps);
    await sim.clock.advance(5 * HOUR);
    await runEngine(deps);
    await sim.clock.advance(3 * HOUR);
    await runEngine(deps);

    operations = createNotificationOperations({ db: database.db, gds: sim, clock: new Clock() });
    const maya = await userByEmail('manager@demo.test');
    const superUser = await userByEmail('super@demo.test');
    manager = { userId: maya.id, realUserId: maya.id, scope: scopeOf(maya) };
    impersonating = { userId: maya.id, realUserId: superUser.id, scope: scopeOf(maya) };
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  it('should reprice to the offered fare and record the saving when the fare is still offered', async () => {
    const { id, locator } = await take('Reprice');
    const [quote] = await db().select().from(priceQuotes).where(eq(priceQuotes.notificationId, id));
    if (!quote) throw new Error('the reprice has no price quote');
    // What the alert promised: net of fees and bags (docs/decisions/037).
    const saving = quote.saving?.net ?? Number.NaN;

    const answer = await operations.execute(impersonating, id, 'RP');

    expect(answer).toEqual({
      header: {
        notification_id: id,
        type: 'Reprice',
        subtype: 'Complete',
        type_status: 'Active',
        title: 'Repriced',
        title_message: `Saved ${saving.toFixed(2)} ${quote.currency}${kindWordsOf(quote.saving)}`,
        readonly: false,
      },
    });
    const stored = (await sim.retrieveBooking(locator))?.storedFare;
    expect(stored?.total).toBe(quote.newPrice);
    expect(stored?.fareBasis).toBe((quote.fareConds as { farebasis: string }).farebasis);
    const row = await notificationRow(id);
    expect(row.actualSaving).toBe(saving);
    expect(row.completedAt).toBeInstanceOf(Date);
    const [booking] = await db().select().from(bookings).where(eq(bookings.pnrNumber, locator));
    expect(booking?.currentPrice).toBe(quote.newPrice);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      userId: impersonating.userId,
      realUserId: impersonating.realUserId,
      action: 'notification.RP',
      entityType: 'notification',
      result: 'SUCCESS',
      details: { op: 'RP', locator, saving, currency: quote.currency },
    });
    expect(entry?.userId).not.toBe(entry?.realUserId);
  });

  it('should fail with a reprice attempt title when the offered fare is gone', async () => {
    const { id, locator } = await take('Reprice');
    // Someone repriced in the GDS itself: the cheaper fare is the stored one now.
    const [offer] = await sim.shopLowerFares(locator);
    expect((await sim.repriceTo(locator, offer!)).ok).toBe(true);

    const { header } = await operations.execute(manager, id, 'RP');

    expect(header).toMatchObject({
      subtype: 'Failed',
      title: expect.stringMatching(/reprice attempt/i),
      title_message: 'The fare is no longer available',
    });
    expect((await notificationRow(id)).actualSaving).toBeNull();
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'notification.RP',
      result: 'FAILURE',
      details: { message: 'The fare is no longer available' },
    });
  });

  it('should toggle type_status and keep the subtype when keep repricing or alerting is switched', async () => {
    const reprice = await take('Reprice');
    const stop = await operations.execute(manager, reprice.id, 'SR');
    expect(stop.header).toMatchObject({ type_status: 'Inactive', subtype: 'Pending' });
    const keep = await operations.execute(manager, reprice.id, 'CR');
    expect(keep.header).toMatchObject({ type_status: 'Active', subtype: 'Pending' });
    const due = await take('TicketingDue');
    expect((await operations.execute(manager, due.id, 'SR')).header.type_status).toBe('Inactive');
    expect((await notificationRow(due.id)).subtype).toBe('Pending');
    expect((await auditOf(reprice.id)).map((a) => [a.action, a.result])).toEqual([
      ['notification.CR', 'SUCCESS'],
      ['notification.SR', 'SUCCESS'],
    ]);
  });

  it('should confirm the new schedule in the GDS when a schedule change is approved', async () => {
    const candidates = await pendingOf('Reschedule');
    let target: (typeof candidates)[number] | undefined;
    for (const row of candidates) {
      const booking = await sim.retrieveBooking(row.locator);
      if (booking?.segments.some((s) => s.status === 'TK')) {
        target = row;
        break;
      }
    }
    if (!target) throw new Error('no pending schedule change with a TK segment');
    taken.add(target.id);

    const { header } = await operations.execute(manager, target.id, 'A');

    expect(header).toMatchObject({ subtype: 'Complete', title: 'Schedule change accepted' });
    const after = await sim.retrieveBooking(target.locator);
    expect(after?.segments.map((s) => s.status)).not.toContain('TK');
    expect(after?.segments.some((s) => s.status === 'HK')).toBe(true);
  });

  it('should remove the segments in the GDS when a segment removal is approved', async () => {
    const { id, locator } = await take('SegmentRemoval');
    const { segment_ids: ids = [] } = (await notificationRow(id)).payload;
    const { header } = await operations.execute(manager, id, 'C');
    expect(header).toMatchObject({ subtype: 'Complete', title: 'Segments removed' });
    const after = await sim.retrieveBooking(locator);
    expect(after?.segments.filter((s) => ids.includes(s.id))).toEqual([]);
  });

  it('should remove nothing and say so when the segment to remove left the PNR meanwhile', async () => {
    const { id, locator } = await take('SegmentRemoval');
    const { segment_ids: ids = [] } = (await notificationRow(id)).payload;
    // Someone removed it in the GDS itself since the alert was raised.
    expect(await sim.cancelSegments(locator, ids)).toMatchObject({ ok: true });
    const segmentsBefore = (await sim.retrieveBooking(locator))?.segments;

    const { header } = await operations.execute(manager, id, 'C');

    expect(header).toMatchObject({
      subtype: 'Failed',
      title: 'Segment removal failed',
      title_message: 'The segment to remove is no longer in the PNR: nothing was removed',
    });
    expect((await sim.retrieveBooking(locator))?.segments).toEqual(segmentsBefore);
  });

  it('should complete a churning warning when it is confirmed', async () => {
    const { id } = await take('Churning');
    const { header } = await operations.execute(manager, id, 'A');
    expect(header).toMatchObject({ subtype: 'Complete', title: 'Confirmed' });
  });

  it.each<[TicketingState, string | null, 'Complete' | 'Failed', boolean]>([
    ['SUCCESS', null, 'Complete', true],
    ['PARTIAL_SUCCESS', null, 'Complete', true],
    ['LOCKED', null, 'Failed', false],
    ['FAILURE', 'Card declined', 'Failed', false],
    ['EXPIRED', null, 'Failed', false],
  ])(
    'should answer the ticketing message when ticketing ends %s',
    async (state, errorText, subtype, ticketed) => {
      const { id, locator } = await take('TicketingDue');
      await sim.scriptTicketing(locator, { state, errorText });

      const { header } = await operations.execute(manager, id, 'A');

      expect(header).toMatchObject({
        subtype,
        title: ticketed ? 'Ticketed' : 'Ticketing failed',
        title_message: errorText ?? ticketingMessages[state],
      });
      expect((await sim.retrieveBooking(locator))?.isTicketed).toBe(ticketed);
      expect((await auditOf(id))[0]).toMatchObject({
        result: ticketed ? 'SUCCESS' : 'FAILURE',
        details: { ticketingState: state },
      });
    },
  );

  it('should cancel the PNR in the GDS and here when cancel PNR is asked on a ticketing due', async () => {
    const { id, locator, bookingId } = await take('TicketingDue', 'JRS1');

    expect(await operations.cancelPnr(impersonating, id)).toEqual({
      cancellationSuccessful: true,
      message: 'This PNR is cancelled',
    });

    expect((await sim.retrieveBooking(locator))?.isCancelled).toBe(true);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.isCancelled).toBe(true);
    expect(await notificationRow(id)).toMatchObject({
      subtype: 'Complete',
      title: 'PNR cancelled',
    });
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'notification.cancelPnr',
      result: 'SUCCESS',
      userId: impersonating.userId,
      realUserId: impersonating.realUserId,
    });
    const again = await refusalOf(operations.cancelPnr(manager, id));
    expect(again.code).toBe('CONFLICT');
  });

  it('should refuse to cancel the PNR when the booking is ticketed', async () => {
    const { id, locator } = await take('TicketingDue');
    await sim.scriptTicketing(locator, { state: 'SUCCESS', errorText: null });
    await operations.execute(manager, id, 'A');

    const error = await refusalOf(operations.cancelPnr(manager, id));

    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/ticketed/);
    expect((await sim.retrieveBooking(locator))?.isCancelled).toBe(false);
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'notification.cancelPnr',
      result: 'FAILURE',
      details: { refused: 'CONFLICT' },
    });
  });

  it("should answer NOT_FOUND when the notification is another agency's", async () => {
    const { id, locator } = await take('TicketingDue', 'HFA1');
    const before = await notificationRow(id);

    expect((await refusalOf(operations.execute(manager, id, 'A'))).code).toBe('NOT_FOUND');
    expect((await refusalOf(operations.cancelPnr(manager, id))).code).toBe('NOT_FOUND');
    expect((await refusalOf(operations.execute(manager, 987_654, 'A'))).code).toBe('NOT_FOUND');

    expect(await notificationRow(id)).toEqual(before);
    expect((await sim.retrieveBooking(locator))?.isCancelled).toBe(false);
    expect((await auditOf(id)).map((a) => a.details)).toMatchObject([
      { refused: 'NOT_FOUND' },
      { refused: 'NOT_FOUND' },
    ]);
  });

  it('should answer CONFLICT when the notification is complete or read-only', async () => {
    const { id } = await take('Churning', 'JRS1');
    await operations.execute(manager, id, 'A');
    const twice = await refusalOf(operations.execute(manager, id, 'A'));
    expect(twice.code).toBe('CONFLICT');

    const [superseded] = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.readonly, true), eq(notifications.type, 'Reschedule')));
    if (!superseded) throw new Error('the engine superseded no schedule change');
    const readonly = await refusalOf(operations.execute(manager, superseded.id, 'A'));
    expect(readonly).toMatchObject({ code: 'CONFLICT', message: 'This notification is read-only' });
    expect((await refusalOf(operations.execute(manager, superseded.id, 'CR'))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('should answer BAD_REQUEST when the operation does not fit the type', async () => {
    const waitlist = await take('HoldsWaitlist');
    const reschedule = await take('Reschedule', 'JRS1');
    const reprice = await take('Reprice', 'JRS1');
    const refusals = [
      () => operations.execute(manager, waitlist.id, 'A'),
      () => operations.execute(manager, reschedule.id, 'RP'),
      () => operations.execute(manager, reschedule.id, 'SR'),
      () => operations.execute(manager, reprice.id, 'A'),
      () => operations.execute(manager, reprice.id, 'C'),
      () => operations.cancelPnr(manager, reprice.id),
    ];
    for (const refusal of refusals) expect((await refusalOf(refusal())).code).toBe('BAD_REQUEST');
    expect((await refusalOf(operations.execute(manager, waitlist.id, 'A'))).message).toBe(
      'A HoldsWaitlist notification has no main action',
    );
    for (const row of [waitlist, reschedule, reprice]) {
      expect((await notificationRow(row.id)).subtype).toBe('Pending');
    }
  });

  it('should write one audit row per call with the effective and real user when someone impersonates', async () => {
    const { id } = await take('TicketingDue', 'JRS1');
    const before = (await auditOf(id)).length;
    await operations.execute(impersonating, id, 'SR');
    await operations.execute(manager, id, 'CR');
    const rows = await auditOf(id);
    expect(rows).toHaveLength(before + 2);
    expect(rows.slice(0, 2).map((r) => [r.action, r.userId, r.realUserId])).toEqual([
      ['notification.CR', manager.userId, manager.realUserId],
      ['notification.SR', impersonating.userId, impersonating.realUserId],
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { addUtcDays, DAY_MS, utcDayOf, type CreditSource } from '@smt/shared';
import { and, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import {
  auditLog,
  bookings,
  bookingSnapshots,
  credits,
  deliveries,
  devInbox,
  notifications,
  processSettings,
  subscriptions,
} from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { createDeliveryWorker } from '@/delivery/deliver';
import { createMessenger } from '@/delivery/messenger';
import { createPushSender } from '@/delivery/push';
import { demoUser } from '@/delivery/testing/delivery-fixtures';
import { scopeOf } from '@/db/scope';
import type { GdsClient } from '@/gds/gds-client';
import { Clock } from '@/lib/clock';
import { createCredits } from '@/modules/credits/credits.service';
import { createNotificationOperations } from '@/modules/notifications/notification-operations.service';
import { createOutgoingGuard, outgoingRulesOf } from '@/lib/outgoing-address';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { aBooking as aGdsBooking } from '../detectors/testing/booking-builder';
import { sweepCredits } from './credit-sweep';

const log = Fastify({ logger: false }).log;

// The simulator's clock runs ahead of real time: its bookings' credits are dated by it, a
// Duffel booking's by the real one.
const SIM_NOW = new Date(Date.now() + 200 * DAY_MS);
const SIM_TODAY = utcDayOf(SIM_NOW);
const dayText = (day: string) => day.split('-').reverse().join('/');

describe.each(TEST_DATABASE_KINDS)('the credits sweep on %s', (kind) => {
  let database: TestDatabase;
  const clock = new Clock();
  const db = () => database.db;
  const sweep = (simNow = SIM_NOW) =>
    sweepCredits({ db: db(), clock, gdsNow: () => Promise.resolve(simNow) });

  /** A booking of the demo agent, in the simulator unless told. */
  const aBooking = async (email: string, gdsId = 'SIM') => {
    const agent = await demoUser(db(), email);
    const place = { agencyId: agent.agencyId, branchId: agent.branchId, agentId: agent.agentId };
    const pnr = randomUUID().slice(0, 6).toUpperCase();
    const [row] = await db()
      .insert(bookings)
      .values({ ...place, gdsId, pnrNumber: pnr, pnrCreatedAt: new Date(), isCancelled: true })
      .returning({ id: bookings.id });
    if (!row) throw new Error('no booking');
    return { ...place, bookingId: row.id, pnr };
  };
  /** The booking as its reservation system gave it, kept as its latest snapshot. */
  const snapshotOf = async (booking: Awaited<ReturnType<typeof aBooking>>) => {
    const [snapshot] = await db()
      .insert(bookingSnapshots)
      .values({
        bookingId: booking.bookingId,
        takenAt: new Date(),
        contentHash: randomUUID(),
        data: aGdsBooking({ locator: booking.pnr, isCancelled: true }),
      })
      .returning({ id: bookingSnapshots.id });
    await db()
      .update(bookings)
      .set({ latestSnapshotId: snapshot!.id })
      .where(eq(bookings.id, booking.bookingId));
  };
  const aCredit = async (
    booking: Awaited<ReturnType<typeof aBooking>>,
    expiresOn: string | null,
    over: { amountCents?: number; source?: CreditSource } = {},
  ) => {
    const [row] = await db()
      .insert(credits)
      .values({
        agencyId: booking.agencyId,
        branchId: booking.branchId,
        agentId: booking.agentId,
        bookingId: booking.bookingId,
        passengerName: 'COHEN/DAVID',
        passengerKey: 'cohen/david',
        airline: 'LY',
        amountCents: over.amountCents ?? 12_000,
        currency: 'USD',
        expiresOn,
        source: over.source ?? 'cancellation',
        reference: randomUUID(),
      })
      .returning({ id: credits.id });
    if (!row) throw new Error('no credit');
    return row.id;
  };
  const creditOf = async (id: number) =>
    (await db().select().from(credits).where(eq(credits.id, id)))[0];
  const warningsOf = (bookingId: number) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.type, 'CreditExpiry')));
  const deliveriesOf = (notificationIds: number[]) =>
    db().select().from(deliveries).where(inArray(deliveries.notificationId, notificationIds));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    // Maya's agent is told of the reprice process's notifications by e-mail, as she chose.
    const agent = await demoUser(db(), 'agent@demo.test');
    await db()
      .insert(subscriptions)
      .values({ process: 'RP', media: 'EMAIL', branchId: agent.branchId, agentId: agent.agentId });
  });
  afterAll(async () => {
    await database.close();
  });

  it('should warn once of a credit whose warning day has come and deliver it once to the subscribed agent', async () => {
    const booking = await aBooking('agent@demo.test');
    await snapshotOf(booking);
    const due = await aCredit(booking, addUtcDays(SIM_TODAY, 30));
    const notYet = await aCredit(booking, addUtcDays(SIM_TODAY, 31));
    const never = await aCredit(booking, null);

    const first = await sweep();

    expect(first.warned.map((w) => w.creditId)).toEqual([due]);
    const [warning, ...more] = await warningsOf(booking.bookingId);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({
      agentId: booking.agentId,
      branchId: booking.branchId,
      group: 'REPRICE',
      subtype: 'Pending',
      status: 'NEW',
      title: 'Credit expiring',
      titleMessage: `Airline credit of 120.00 USD with LY for COHEN/DAVID expires on ${dayText(addUtcDays(SIM_TODAY, 30))}`,
      dedupeKey: `CE:${due}`,
      potentialSaving: null,
      currency: null,
      contactName: 'Dan Cohen',
      pnrSummary: 'TLV-JFK LY315 2026-03-08 10:00',
      deadlineAt: null,
    });
    expect(warning?.data.pnr).toMatchObject({ id: booking.pnr, is_cancelled: true });
    expect((await creditOf(due))?.warnedAt).toBeInstanceOf(Date);
    expect((await creditOf(notYet))?.warnedAt).toBeNull();
    expect((await creditOf(never))?.warnedAt).toBeNull();

    // Sent as every notification is: the agent's e-mail, through the delivery worker.
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
    const messenger = createMessenger({ env, db: db(), clock, log });
    const outgoing = createOutgoingGuard({ rules: outgoingRulesOf(env), log });
    const worker = createDeliveryWorker({
      env,
      db: db(),
      clock,
      log,
      messenger,
      push: createPushSender({ env, db: db(), outgoing }),
    });
    const sent = await deliveriesOf([warning!.id]);
    expect(sent.map((row) => [row.channel, row.recipient])).toEqual([['EMAIL', 'agent@demo.test']]);
    for (const row of sent) await worker.deliver(row.id);
    messenger.close();

    // A second sweep, and another worker's at once, raise and send nothing more.
    const again = await Promise.all([sweep(), sweep()]);

    expect(again.flatMap((s) => s.warned)).toEqual([]);
    expect(await warningsOf(booking.bookingId)).toHaveLength(1);
    const after = await deliveriesOf([warning!.id]);
    expect(after.map((row) => row.status)).toEqual(['SENT']);
    const inbox = await db()
      .select()
      .from(devInbox)
      .where(and(eq(devInbox.channel, 'email'), eq(devInbox.recipient, 'agent@demo.test')));
    const mails = inbox.filter((mail) => mail.text.includes(booking.pnr));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Credit expiring – PNR ${booking.pnr}`);
    expect(mails[0]?.text).toContain('Airline credit of 120.00 USD with LY for COHEN/DAVID');
  });

  it('should take note of a warning its agent confirms, asking nothing of the reservation system', async () => {
    const booking = await aBooking('agent@demo.test');
    const due = await aCredit(booking, addUtcDays(SIM_TODAY, 3));
    const [warned] = (await sweep()).warned;
    expect(warned?.creditId).toBe(due);
    // Any call to a reservation system fails the test.
    const noGds = new Proxy({} as GdsClient, {
      get: () => {
        throw new Error('a credit warning reached the reservation system');
      },
    });
    const operations = createNotificationOperations({ db: db(), gds: noGds, clock });
    const user = await demoUser(db(), 'agent@demo.test');
    const actor = { userId: user.id, realUserId: user.id, scope: scopeOf(user) };

    const { header } = await operations.execute(actor, warned!.notificationId, 'A');

    expect(header).toMatchObject({
      subtype: 'Complete',
      title: 'Confirmed',
      title_message: 'The credit expiry warning is acknowledged',
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(warned!.notificationId)));
    expect(audit.map((row) => [row.action, row.result])).toEqual([['notification.A', 'SUCCESS']]);
  });

  it('should withdraw the warning of a credit its agent marks used', async () => {
    const booking = await aBooking('agent@demo.test');
    const due = await aCredit(booking, addUtcDays(SIM_TODAY, 5));
    expect((await sweep()).warned.map((w) => w.creditId)).toContain(due);
    const user = await demoUser(db(), 'agent@demo.test');
    const caller = { userId: user.id, realUserId: user.id, scope: scopeOf(user) };

    await createCredits({ db: db(), clock }).setState(caller, due, 'used');

    expect(await creditOf(due)).toMatchObject({ state: 'used' });
    expect(
      (await warningsOf(booking.bookingId)).filter((w) => w.dedupeKey === `CE:${due}`),
    ).toMatchObject([
      { subtype: 'Complete', readonly: true, titleMessage: 'Withdrawn: the credit was used' },
    ]);
  });

  it('should mark a credit expired the day after its last day, and not before, withdrawing its warning', async () => {
    const booking = await aBooking('agent2@demo.test');
    const lastDayToday = await aCredit(booking, SIM_TODAY);
    const endedYesterday = await aCredit(booking, addUtcDays(SIM_TODAY, -1));

    const swept = await sweep();

    expect(swept.expired).toContain(endedYesterday);
    expect(swept.expired).not.toContain(lastDayToday);
    expect(await creditOf(endedYesterday)).toMatchObject({ state: 'expired' });
    expect((await creditOf(endedYesterday))?.closedAt).toBeInstanceOf(Date);
    // Its last day is today: still open, and warned of at once.
    expect(await creditOf(lastDayToday)).toMatchObject({ state: 'open', closedAt: null });
    expect(swept.warned.map((w) => w.creditId)).toEqual([lastDayToday]);
    expect((await sweep()).expired).toEqual([]);

    // A day on it is expired, and its warning, still pending, is withdrawn.
    expect((await sweep(new Date(SIM_NOW.getTime() + DAY_MS))).expired).toEqual([lastDayToday]);
    expect(await warningsOf(booking.bookingId)).toMatchObject([
      {
        dedupeKey: `CE:${lastDayToday}`,
        subtype: 'Complete',
        readonly: true,
        titleMessage: 'Withdrawn: the credit expired unused',
      },
    ]);
  });

  it("should date a Duffel booking's credit by real time, not the simulator's", async () => {
    const real = utcDayOf(clock.now());
    const booking = await aBooking('agent@demo.test', 'DUFFEL');
    // Due by real time; by the simulator's clock, months ahead, it would be expired.
    const due = await aCredit(booking, addUtcDays(real, 10));

    const swept = await sweep();

    expect(swept.expired).not.toContain(due);
    expect(swept.warned.map((w) => w.creditId)).toEqual([due]);
  });

  it("should follow the branch's warning days and warn of nothing where the reprice process is off", async () => {
    const globe = await aBooking('globe.agent@demo.test');
    const inAWeek = await aCredit(globe, addUtcDays(SIM_TODAY, 7));
    const inTwoWeeks = await aCredit(globe, addUtcDays(SIM_TODAY, 14));
    await db()
      .insert(processSettings)
      .values({
        process: 'RP',
        branchId: globe.branchId,
        enabled: true,
        checkIntervalMinutes: 480,
        params: { creditWarningDays: 7 },
      });

    expect((await sweep()).warned.map((w) => w.creditId)).toEqual([inAWeek]);

    await db()
      .update(processSettings)
      .set({ enabled: false, params: { creditWarningDays: 60 } })
      .where(eq(processSettings.branchId, globe.branchId));
    expect((await sweep()).warned).toEqual([]);
    expect((await creditOf(inTwoWeeks))?.warnedAt).toBeNull();
  });

  it('should warn as far ahead as a branch asks, past the default', async () => {
    const booking = await aBooking('agent2@demo.test');
    const far = await aCredit(booking, addUtcDays(SIM_TODAY, 200));
    await db()
      .insert(processSettings)
      .values({
        process: 'RP',
        branchId: booking.branchId,
        checkIntervalMinutes: 480,
        params: { creditWarningDays: 250 },
      });

    expect((await sweep()).warned.map((w) => w.creditId)).toContain(far);
  });
});

import { ApiErrorBody } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { bookings, deliveries, subscriptions } from '@/db/schema';
import { createDeliveryWorker } from '@/delivery/deliver';
import type { Messenger } from '@/delivery/messenger';
import { enqueueDeliveries } from '@/delivery/outbox';
import { createPushSender } from '@/delivery/push';
import { demoUser, makeNotification } from '@/delivery/testing/delivery-fixtures';
import { checkBooking } from '@/monitoring/check-booking';
import { QUEUES } from '@/monitoring/job-queue';
import { DEMO } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { parseExposition, type Exposition } from './testing/scrape';
import { servicesOf } from '@/app';

const HTTP = 'smt_http_request_duration_seconds';

describe.each(TEST_DATABASE_KINDS)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async (): Promise<Exposition> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    return parseExposition(res.body);
  };

  it('should answer in Prometheus text format with the process metrics when a site caller scrapes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^# (HELP|TYPE) /);
    const metrics = parseExposition(res.body);
    expect(metrics.family('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(metrics.family('process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(metrics.family(HTTP)?.type).toBe('HISTOGRAM');
    expect(metrics.family('smt_gds_call_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(metrics.family('smt_engine_checks_total')?.type).toBe('COUNTER');
  });

  it('should count requests by route template and status when the same route is called with different ids', async () => {
    const route = { method: 'GET', route: '/api/dev/gds/bookings/:locator', status_code: '404' };
    const before = await scrape();
    for (const locator of ['ZZZ111', 'ZZZ222']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/gds/bookings/${locator}` });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/no-such-call/ZZZ333' })).statusCode,
    ).toBe(404);
    const after = await scrape();
    expect(after.sum(`${HTTP}_count`, route) - before.sum(`${HTTP}_count`, route)).toBe(2);
    const unmatched = { route: 'unmatched', status_code: '404' };
    expect(after.sum(`${HTTP}_count`, unmatched) - before.sum(`${HTTP}_count`, unmatched)).toBe(1);
    // The previous scrape itself was answered and counted.
    expect(after.sum(`${HTTP}_count`, { route: '/metrics', status_code: '200' })).toBeGreaterThan(
      0,
    );
    const routes = after.samples(`${HTTP}_count`).map((sample) => sample.labels.route);
    expect(routes.filter((label) => label?.includes('ZZZ'))).toEqual([]);
  });

  it('should count checks, raised notifications and GDS calls when the engine checks a booking', async () => {
    const before = await scrape();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: DEMO.agent.email, ticketingDueInHours: 24 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { locator } = made.json<{ locator: string }>();
    const [booking] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    if (!booking) throw new Error(`no booking ${locator}`);
    const deps = {
      db: t.database.db,
      gds: servicesOf(t.app).gds,
      clock: t.app.clock,
      log: t.app.log,
    };
    await checkBooking(deps, booking.id);
    await checkBooking(deps, booking.id);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);
    expect(grew('smt_engine_checks_total', { result: 'checked' })).toBe(2);
    expect(grew('smt_engine_notifications_raised_total', { type: 'TicketingDue' })).toBe(1);
    const gds = 'smt_gds_call_duration_seconds_count';
    expect(grew(gds, { operation: 'createBooking', result: 'ok' })).toBe(1);
    expect(grew(gds, { operation: 'retrieveBooking', result: 'ok' })).toBeGreaterThanOrEqual(2);
  });

  it('should count deliveries sent and failed by channel when the worker sends them', async () => {
    const db = t.database.db;
    const agent = await demoUser(db, DEMO.agent.email);
    await db
      .insert(subscriptions)
      .values({ process: 'RP', media: 'EMAIL', branchId: agent.branchId, agentId: agent.agentId });
    const pendingEmail = async () => {
      const notification = await makeNotification(db, DEMO.agent.email, 'Reprice');
      await enqueueDeliveries(db, notification);
      const [delivery] = await db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(eq(deliveries.notificationId, notification.id));
      if (!delivery) throw new Error('no delivery');
      return delivery.id;
    };
    let refuse = false;
    const messenger: Messenger = {
      sendSms: async () => undefined,
      sendEmail: async () => {
        if (refuse) throw new Error('the mail server refused it');
      },
      close: () => undefined,
    };
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
    const push = createPushSender({ env, db, outgoing: servicesOf(t.app).outgoing });
    const worker = createDeliveryWorker({
      env,
      db,
      clock: t.app.clock,
      log: t.app.log,
      messenger,
      push,
    });
    const before = await scrape();

    await worker.deliver(await pendingEmail());
    refuse = true;
    await expect(worker.deliver(await pendingEmail())).rejects.toThrow(/refused/);

    const after = await scrape();
    const grew = (result: string) =>
      after.sum('smt_delivery_attempts_total', { channel: 'email', result }) -
      before.sum('smt_delivery_attempts_total', { channel: 'email', result });
    expect(grew('sent')).toBe(1);
    expect(grew('failed')).toBe(1);
  });

  it('should report the job queue depth and the database pool when scraped', async () => {
    const metrics = await scrape();
    for (const queue of Object.values(QUEUES)) {
      expect(metrics.samples('smt_job_queue_depth')).toContainEqual({
        labels: { queue },
        value: 0,
      });
    }
    expect(metrics.family('smt_db_pool_clients')?.help).toMatch(/PGlite/);
    const clients = metrics.sum('smt_db_pool_clients');
    if (kind === 'postgres') expect(clients).toBeGreaterThan(0);
    else expect(clients).toBe(0);
  });

  it('should answer 404 as for an unknown route when the caller is outside the site or came through a proxy', async () => {
    const refused = [
      { remoteAddress: '203.0.113.9' },
      { headers: { 'x-forwarded-for': '10.0.0.7' } },
      { headers: { forwarded: 'for=10.0.0.7' } },
      { headers: { 'x-real-ip': '10.0.0.7' } },
    ];
    for (const caller of refused) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', ...caller });
      expect(res.statusCode, JSON.stringify(caller)).toBe(404);
      expect(ApiErrorBody.parse(res.json())).toEqual({
        code: 'NOT_FOUND',
        message: 'There is no GET /metrics.',
      });
    }
    const inside = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
    });
    expect(inside.statusCode).toBe(200);
  });

  it('should keep /metrics out of the OpenAPI document and describe /api/ready in it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toContain('/api/ready');
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

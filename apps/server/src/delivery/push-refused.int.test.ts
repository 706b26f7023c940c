import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { deliveries, pushSubscriptions, subscriptions } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { Clock } from '@/lib/clock';
import { createOutgoingGuard, outgoingRulesOf } from '@/lib/outgoing-address';
import { capturedLog } from '../../test/captured-log';
import { startCountingServer, type CountingServer } from '../../test/counting-server';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { createDeliveryWorker } from './deliver';
import type { Messenger } from './messenger';
import { enqueueDeliveries } from './outbox';
import { createPushSender } from './push';
import { browserKeys, demoUser, makeNotification } from './testing/delivery-fixtures';

// A subscription stored before the outgoing guard (or behind its back, straight into the
// table) on an address the workers must never reach: its delivery sends nothing there, says so
// in the log, and ends (docs/decisions/053). Every such address here is on this machine's
// loopback, where a counting server proves that nothing arrived.

const AGENT = 'agent@demo.test';

describe.each(TEST_DATABASE_KINDS)('push deliveries to refused addresses on %s', (kind) => {
  let database: TestDatabase;
  let internal: CountingServer;
  let redirecting: CountingServer;
  const clock = new Clock();
  const noMail: Messenger = {
    sendSms: async () => undefined,
    sendEmail: async () => undefined,
    close: () => undefined,
  };

  /** A worker of a local site whose operator allows only the redirecting stand-in. */
  const workerWithLog = () => {
    const captured = capturedLog('info');
    const env = loadEnv({
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      OUTGOING_ALLOWED_HOSTS: `127.0.0.1:${redirecting.port}`,
    });
    const outgoing = createOutgoingGuard({ rules: outgoingRulesOf(env), log: captured.log });
    const worker = createDeliveryWorker({
      env,
      db: database.db,
      clock,
      log: captured.log,
      messenger: noMail,
      push: createPushSender({ env, db: database.db, outgoing }),
    });
    return { worker, captured };
  };

  /** The agent's push delivery of a new notification, to an endpoint stored straight. */
  const pendingPushTo = async (endpoint: string) => {
    const user = await demoUser(database.db, AGENT);
    await database.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint, ...browserKeys() });
    const notification = await makeNotification(database.db, AGENT, 'Reschedule');
    await enqueueDeliveries(database.db, notification);
    const [delivery] = await database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.notificationId, notification.id));
    if (!delivery || delivery.recipient !== endpoint) throw new Error('no push delivery');
    return delivery;
  };
  const rowOf = async (id: number) =>
    (await database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
  const subscriptionOf = (endpoint: string) =>
    database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    internal = await startCountingServer();
    redirecting = await startCountingServer((_request, response) =>
      response.writeHead(302, { location: `${internal.origin}/internal/admin/reset` }).end(),
    );
    const agent = await demoUser(database.db, AGENT);
    await database.db
      .insert(subscriptions)
      .values({ process: 'SC', media: 'PUSH', branchId: agent.branchId, agentId: agent.agentId });
  });
  afterAll(async () => {
    await internal.close();
    await redirecting.close();
    await database.close();
  });

  it.each([
    ['loopback over https', (port: number) => `https://127.0.0.1:${port}/internal/admin/reset`],
    ['loopback over plain http', (port: number) => `http://127.0.0.1:${port}/internal/admin/reset`],
    ['a name that resolves to loopback', (port: number) => `https://localhost:${port}/reset`],
    ['IPv4-mapped IPv6 loopback', (port: number) => `https://[::ffff:127.0.0.1]:${port}/reset`],
    ['IPv6 loopback', (port: number) => `https://[::1]:${port}/reset`],
    ['loopback written as a number', (port: number) => `https://2130706433:${port}/reset`],
  ])(
    'should never call an endpoint on %s, log the refusal and end the delivery',
    async (_what, at) => {
      const endpoint = at(internal.port);
      const delivery = await pendingPushTo(endpoint);
      const { worker, captured } = workerWithLog();

      await worker.deliver(delivery.id);

      expect(internal.connections()).toBe(0);
      expect(await rowOf(delivery.id)).toMatchObject({
        status: 'DEAD',
        lastError: 'the push endpoint is an address this server may not reach',
      });
      expect(await subscriptionOf(endpoint)).toEqual([]);
      const refusals = captured.entries().filter((entry) => entry.purpose === 'push');
      expect(refusals).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'outgoing request refused: nothing was sent',
          host: new URL(endpoint).host,
        }),
      ]);
      // The endpoint's path is the subscription's capability: the log names the host only.
      expect(captured.text()).not.toContain('/reset');
    },
  );

  it('should not follow a redirect from an allowed push service to an internal address', async () => {
    const endpoint = `${redirecting.origin}/push/1`;
    const delivery = await pendingPushTo(endpoint);
    const { worker } = workerWithLog();

    await expect(worker.deliver(delivery.id)).rejects.toThrow(
      'push service answered 302: redirects are not followed',
    );

    expect(redirecting.received).toEqual([expect.objectContaining({ path: '/push/1' })]);
    expect(internal.connections()).toBe(0);
    expect(await rowOf(delivery.id)).toMatchObject({ status: 'PENDING', attempts: 1 });
  });
});

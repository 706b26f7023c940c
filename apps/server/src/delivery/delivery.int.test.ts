import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Media, Process } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { deliveries, devInbox, pushSubscriptions, subscriptions, users } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { Clock } from '@/lib/clock';
import { createOutgoingGuard, outgoingRulesOf } from '@/lib/outgoing-address';
import { startJobQueue, stopJobQueue } from '@/monitoring/job-queue';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { createDeliveryWorker } from './deliver';
import { INTERRUPTED_REASON } from './deliveries.repository';
import { messageIdOf } from './message';
import { createMessenger, type Messenger } from './messenger';
import { enqueueDeliveries } from './outbox';
import { createPushSender } from './push';
import { recipientsOf } from './recipients';
import { relayDeliveries, startDeliveryRelay } from './relay';
import { browserKeys, demoUser, makeNotification } from './testing/delivery-fixtures';
import { startSmtp } from '../../test/smtp-server';

const log = Fastify({ logger: false }).log;

type PushRequest = { path: string; headers: IncomingHttpHeaders; bodyLength: number };

/** A push service on loopback: answers 201, or 410 for endpoints under /gone. */
async function startPushService() {
  const received: PushRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, bodyLength: Buffer.concat(chunks).length });
      response.writeHead(path.startsWith('/gone') ? 410 : 201).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { received, base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe.each(TEST_DATABASE_KINDS)('notification delivery on %s', (kind) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const clock = new Clock();
  const db = () => database.db;

  const subscribe = async (
    process: Process,
    media: Media,
    agentEmail: string,
    agentWide: boolean,
  ) => {
    const agent = await demoUser(db(), agentEmail);
    await db()
      .insert(subscriptions)
      .values({
        process,
        media,
        branchId: agent.branchId,
        agentId: agentWide ? agent.agentId : null,
      });
  };
  const addPushSubscription = async (email: string, endpoint: string) => {
    const user = await demoUser(db(), email);
    await db()
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint, ...browserKeys() });
  };
  const deliveriesOf = (notificationId: number) =>
    db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId));
  const workerFor = (
    env: Record<string, string>,
    options: { sendingLeaseMs?: number; around?: (messenger: Messenger) => Messenger } = {},
  ) => {
    // The push service stands in on loopback, which its operator allows (docs/decisions/053).
    const parsed = loadEnv({
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      OUTGOING_ALLOWED_HOSTS: '127.0.0.1',
      ...env,
    });
    const messenger = createMessenger({ env: parsed, db: db(), clock, log });
    const outgoing = createOutgoingGuard({ rules: outgoingRulesOf(parsed), log });
    const push = createPushSender({ env: parsed, db: db(), outgoing });
    const worker = createDeliveryWorker({
      env: parsed,
      db: db(),
      clock,
      log,
      messenger: options.around ? options.around(messenger) : messenger,
      push,
      ...(options.sendingLeaseMs === undefined ? {} : { sendingLeaseMs: options.sendingLeaseMs }),
    });
    return { messenger, worker, env: parsed };
  };
  const statusOf = async (id: number) =>
    (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]?.status;
  /** An e-mail delivery of a new notification of the agent, pending. */
  const pendingEmail = async (agentEmail: string) => {
    const notification = await makeNotification(db(), agentEmail, 'Reprice');
    await enqueueDeliveries(db(), notification);
    const [delivery] = (await deliveriesOf(notification.id)).filter(
      (row) => row.channel === 'EMAIL' && row.recipient === agentEmail,
    );
    if (!delivery) throw new Error(`no e-mail delivery to ${agentEmail}`);
    return { notification, delivery };
  };
  /** What a process killed in the middle of sending leaves behind. */
  const leftSending = async (agentEmail: string, takenAgoMs: number) => {
    const { notification, delivery } = await pendingEmail(agentEmail);
    const takenAt = new Date(clock.now().getTime() - takenAgoMs);
    await db()
      .update(deliveries)
      .set({ status: 'SENDING', updatedAt: takenAt })
      .where(eq(deliveries.id, delivery.id));
    return { notification, delivery };
  };
  const mailsAbout = (pnr: string) => smtp.mails.filter((mail) => mail.body.includes(pnr));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    smtp = await startSmtp();
    pushService = await startPushService();
  });
  afterAll(async () => {
    await smtp.close();
    pushService.close();
    await database.close();
  });

  it('should address the enabled users of the branch who may see it when the subscription is branch-wide', async () => {
    await subscribe('RP', 'EMAIL', 'agent@demo.test', false);
    await subscribe('RP', 'PUSH', 'agent@demo.test', false);
    await addPushSubscription('agent2@demo.test', `${pushService.base}/branch/1`);
    await addPushSubscription('manager@demo.test', `${pushService.base}/branch/manager`);
    await addPushSubscription('globe.agent@demo.test', `${pushService.base}/other-branch/1`);
    const notification = await makeNotification(db(), 'agent@demo.test', 'Reprice');

    const found = await recipientsOf(db(), notification);

    // The owner and the agency's manager; not Bella, a fellow agent who cannot open it.
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        { channel: 'EMAIL', recipient: 'agent@demo.test' },
        { channel: 'EMAIL', recipient: 'manager@demo.test' },
        { channel: 'PUSH', recipient: `${pushService.base}/branch/manager` },
      ]),
    );
  });

  it('should leave out a disabled user and take in a fellow agent with multi-agent access', async () => {
    await db().update(users).set({ enabled: false }).where(eq(users.email, 'manager@demo.test'));
    await db()
      .update(users)
      .set({ multiAgentAccess: true })
      .where(eq(users.email, 'agent2@demo.test'));
    const notification = await makeNotification(db(), 'agent@demo.test', 'Reprice');

    const found = await recipientsOf(db(), notification);

    await db().update(users).set({ enabled: true }).where(eq(users.email, 'manager@demo.test'));
    await db()
      .update(users)
      .set({ multiAgentAccess: false })
      .where(eq(users.email, 'agent2@demo.test'));
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        { channel: 'EMAIL', recipient: 'agent@demo.test' },
        { channel: 'EMAIL', recipient: 'agent2@demo.test' },
        { channel: 'PUSH', recipient: `${pushService.base}/branch/1` },
      ]),
    );
  });

  it("should address only the agent's users when the subscription is agent-level", async () => {
    await subscribe('TD', 'EMAIL', 'agent2@demo.test', true);
    const ofAgent2 = await makeNotification(db(), 'agent2@demo.test', 'TicketingDue');
    const ofAgent = await makeNotification(db(), 'agent@demo.test', 'TicketingDue');

    expect(await recipientsOf(db(), ofAgent2)).toEqual([
      { channel: 'EMAIL', recipient: 'agent2@demo.test' },
    ]);
    expect(await recipientsOf(db(), ofAgent)).toEqual([]);
  });

  it('should keep one delivery per notification, channel and recipient when written twice', async () => {
    const notification = await makeNotification(db(), 'agent@demo.test', 'Reprice');

    const first = await db().transaction((tx) => enqueueDeliveries(tx, notification));
    const second = await db().transaction((tx) => enqueueDeliveries(tx, notification));

    expect(first).toBe(3);
    expect(second).toBe(0);
    const rows = await deliveriesOf(notification.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 'PENDING')).toBe(true);
  });

  it('should send an e-mail exactly once and mark it sent when the relay queues it', async () => {
    await subscribe('ADM', 'EMAIL', 'globe.agent@demo.test', true);
    const notification = await makeNotification(db(), 'globe.agent@demo.test', 'Churning');
    await enqueueDeliveries(db(), notification);
    const { worker, messenger } = workerFor({ SMTP_URL: smtp.url });
    const boss: PgBoss = await startJobQueue(database, log);
    const relay = await startDeliveryRelay({ db: db(), clock, log, worker }, boss, {
      everyMs: 100,
      batchSize: 50,
      queuedHoldMs: 60_000,
    });
    try {
      await expect
        .poll(async () => (await deliveriesOf(notification.id))[0]?.status, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe('SENT');
      // More relay passes find nothing to queue again.
      for (let pass = 0; pass < 3; pass += 1) {
        expect(
          await relayDeliveries(db(), boss, clock.now(), { batchSize: 50, queuedHoldMs: 60_000 }),
        ).toBe(0);
      }
    } finally {
      await relay.stop();
      await stopJobQueue(boss, 5_000);
      messenger.close();
    }
    const [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({
      channel: 'EMAIL',
      recipient: 'globe.agent@demo.test',
      attempts: 1,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const mails = smtp.mails.filter((mail) => mail.body.includes(notification.pnr));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['globe.agent@demo.test']);
    expect(mails[0]?.body).toContain(`/smtapp/notifications/${notification.id}`);
    const inbox = await db()
      .select()
      .from(devInbox)
      .where(and(eq(devInbox.channel, 'email'), eq(devInbox.recipient, 'globe.agent@demo.test')));
    expect(inbox).toHaveLength(1);
  });

  it('should count each failure and end dead when every try of an e-mail fails', async () => {
    await subscribe('HL', 'EMAIL', 'agent@demo.test', true);
    const notification = await makeNotification(db(), 'agent@demo.test', 'HoldsWaitlist');
    await enqueueDeliveries(db(), notification);
    const [delivery] = await deliveriesOf(notification.id);
    if (!delivery) throw new Error('no delivery');
    const { worker, messenger } = workerFor({ SMTP_URL: smtp.url });
    smtp.state.reject = true;
    try {
      // The first run and the queue's four retries.
      for (let attempt = 0; attempt < 5; attempt++) {
        await expect(worker.deliver(delivery.id)).rejects.toThrow();
      }
      await worker.markDead(delivery.id);
      smtp.state.reject = false;
      await worker.deliver(delivery.id);
    } finally {
      smtp.state.reject = false;
      messenger.close();
    }
    const [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ status: 'DEAD', attempts: 5, sentAt: null });
    expect(row?.lastError).toContain('mailbox unavailable');
    expect(smtp.mails.some((mail) => mail.body.includes(notification.pnr))).toBe(false);
  });

  it('should post an encrypted, VAPID-signed message when a push subscription is live', async () => {
    await subscribe('SC', 'PUSH', 'agent@demo.test', true);
    const endpoint = `${pushService.base}/live/1`;
    await addPushSubscription('agent@demo.test', endpoint);
    const notification = await makeNotification(db(), 'agent@demo.test', 'Reschedule');
    await enqueueDeliveries(db(), notification);
    const [delivery] = await deliveriesOf(notification.id);
    if (!delivery) throw new Error('no delivery');
    const { worker } = workerFor({});

    await worker.deliver(delivery.id);

    const requests = pushService.received.filter((request) => request.path === '/live/1');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(requests[0]?.headers.authorization).toMatch(
      /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/,
    );
    expect(requests[0]?.headers.ttl).toBe(String(24 * 60 * 60));
    expect(requests[0]?.bodyLength).toBeGreaterThan(100);
    const [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ channel: 'PUSH', recipient: endpoint, status: 'SENT' });
    const inbox = await db()
      .select()
      .from(devInbox)
      .where(and(eq(devInbox.channel, 'push'), eq(devInbox.recipient, 'agent@demo.test')));
    expect(inbox.map((message) => message.link)).toEqual([
      `http://localhost:8080/smtapp/notifications/${notification.id}`,
    ]);
  });

  it('should remove the subscription and end the delivery when the push service answers 410', async () => {
    await subscribe('C', 'PUSH', 'agent2@demo.test', true);
    const endpoint = `${pushService.base}/gone/1`;
    await addPushSubscription('agent2@demo.test', endpoint);
    const notification = await makeNotification(db(), 'agent2@demo.test', 'SegmentRemoval');
    await enqueueDeliveries(db(), notification);
    const pushes = (await deliveriesOf(notification.id)).filter(
      (row) => row.recipient === endpoint,
    );
    const [delivery] = pushes;
    if (!delivery) throw new Error('no delivery');
    const { worker } = workerFor({});

    await worker.deliver(delivery.id);

    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row?.status).toBe('DEAD');
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });

  it('should take an e-mail as SENDING before it goes out and send it with a Message-ID of its delivery', async () => {
    await subscribe('RP', 'EMAIL', 'globe.agent@demo.test', true);
    const { notification, delivery } = await pendingEmail('globe.agent@demo.test');
    const seenWhileSending: (string | undefined)[] = [];
    const { worker, messenger, env } = workerFor(
      { SMTP_URL: smtp.url },
      {
        around: (real) => ({
          ...real,
          sendEmail: async (message) => {
            seenWhileSending.push(await statusOf(delivery.id));
            await real.sendEmail(message);
          },
        }),
      },
    );
    try {
      await worker.deliver(delivery.id);
    } finally {
      messenger.close();
    }

    expect(seenWhileSending).toEqual(['SENDING']);
    expect(await statusOf(delivery.id)).toBe('SENT');
    const mails = mailsAbout(notification.pnr);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toMatch(/^Message-ID: <delivery\.(\d+)@localhost>\r?$/im);
    expect(mails[0]?.body).toContain(`Message-ID: ${messageIdOf(env, delivery.id)}`);
  });

  it('should put a failed e-mail back to PENDING with the try counted, and send it on the next try', async () => {
    const { notification, delivery } = await pendingEmail('globe.agent@demo.test');
    const { worker, messenger } = workerFor({ SMTP_URL: smtp.url });
    try {
      smtp.state.reject = true;
      await expect(worker.deliver(delivery.id)).rejects.toThrow();
      smtp.state.reject = false;
      const [failed] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(failed?.lastError).toContain('mailbox unavailable');

      await worker.deliver(delivery.id);
    } finally {
      smtp.state.reject = false;
      messenger.close();
    }
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(mailsAbout(notification.pnr)).toHaveLength(1);
  });

  it('should end as DEAD, unsent, what a dead process left SENDING, and leave a recent one be', async () => {
    const stale = await leftSending('globe.agent@demo.test', 60_000);
    const staleOfJob = await leftSending('globe.agent@demo.test', 60_000);
    const recent = await leftSending('globe.agent@demo.test', 1_000);
    const { worker, messenger } = workerFor({ SMTP_URL: smtp.url }, { sendingLeaseMs: 30_000 });
    try {
      // Its job run again, as the queue does once the dead process's job expires.
      await worker.deliver(staleOfJob.delivery.id);
      expect(await statusOf(staleOfJob.delivery.id)).toBe('DEAD');
      expect(await statusOf(stale.delivery.id)).toBe('SENDING');

      // The relay's sweep, as on every pass and at start.
      const ended = await worker.endInterrupted();
      expect(ended).toContain(stale.delivery.id);
      expect(ended).not.toContain(recent.delivery.id);
      await worker.deliver(recent.delivery.id);
    } finally {
      messenger.close();
    }

    for (const { delivery } of [stale, staleOfJob]) {
      const [row] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
      expect(row).toMatchObject({ status: 'DEAD', lastError: INTERRUPTED_REASON, sentAt: null });
    }
    expect(await statusOf(recent.delivery.id)).toBe('SENDING');
    for (const { notification } of [stale, staleOfJob, recent]) {
      expect(mailsAbout(notification.pnr)).toEqual([]);
    }
  });

  it('should not end its own send in flight, and record as SENT a slow send another process ended', async () => {
    const { notification, delivery } = await pendingEmail('globe.agent@demo.test');
    const endedDuringSend: number[][] = [];
    const { worker: other, messenger: otherMessenger } = workerFor(
      { SMTP_URL: smtp.url },
      { sendingLeaseMs: 0 },
    );
    // The sender's own sweep, run from inside its send; set once the sender exists.
    let sweepOwn: () => Promise<number[]> = async () => [];
    const sender = workerFor(
      { SMTP_URL: smtp.url },
      {
        sendingLeaseMs: 0,
        around: (real) => ({
          ...real,
          sendEmail: async (message) => {
            // The send takes a while: its claim is now older than a lease of none.
            clock.advance(5);
            endedDuringSend.push(await sweepOwn());
            endedDuringSend.push(await other.endInterrupted());
            await real.sendEmail(message);
          },
        }),
      },
    );
    sweepOwn = () => sender.worker.endInterrupted();
    try {
      await sender.worker.deliver(delivery.id);
    } finally {
      sender.messenger.close();
      otherMessenger.close();
    }

    // The sender spared its own; the other process, past the lease, took it for interrupted.
    expect(endedDuringSend[0]).not.toContain(delivery.id);
    expect(endedDuringSend[1]).toContain(delivery.id);
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(mailsAbout(notification.pnr)).toHaveLength(1);
  });
});

import { ApiErrorBody, errorMessages, HealthResponse, Process, ReadyResponse } from '@smt/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { bookingChecks, branches, deliveries, notifications, subscriptions } from '@/db/schema';
import { INTERRUPTED_REASON } from '@/delivery/deliveries.repository';
import { enqueueDeliveries } from '@/delivery/outbox';
import {
  privatePostgresMissing,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../test/private-postgres';
import {
  signInOverHttp,
  startServerProcess,
  type Answer,
  type ServerProcess,
} from '../test/server-process';
import { DEMO } from '../test/sign-in';
import { startSlowSmtp } from '../test/slow-smtp-server';

// The real server, in a process of its own, over a PostgreSQL cluster of this file's own that
// it stops and starts: the machine's shared cluster is never touched.

const OUTAGE_MS = 16_000;
// SESSION_CACHE_SECONDS' default, and a margin.
const SESSION_CACHE_MS = 6_000;
// The pause between two rounds of calls through the outage: the outage itself, not a wait.
const ROUND_MS = 2_000;

/** Polls `probe` until `done` accepts its answer, which it returns; fails with the last one. */
const waitFor = <T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeout: number,
): Promise<T> =>
  vi.waitFor(
    async () => {
      const answer = await probe();
      if (!done(answer)) throw new Error(`${what}: not yet; last answer ${JSON.stringify(answer)}`);
      return answer;
    },
    { timeout, interval: 500 },
  );

function expectUnavailable(answer: Answer) {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(ApiErrorBody.parse(answer.body)).toEqual({
    code: 'INTERNAL',
    message: errorMessages.databaseUnavailable,
  });
}

const missing = privatePostgresMissing();

describe.skipIf(missing !== null)(
  `a real server over a database that goes away, and killed while it sends${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let cluster: PrivatePostgres;
    const servers: ServerProcess[] = [];
    const handles: Database[] = [];
    const closers: (() => Promise<void>)[] = [];

    const startServer = async (env: Record<string, string>) => {
      const server = await startServerProcess(env);
      servers.push(server);
      return server;
    };
    const openHandle = async (url: string) => {
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      handles.push(handle);
      return handle;
    };

    beforeAll(async () => {
      cluster = await startPrivatePostgres();
    });
    afterAll(async () => {
      for (const server of servers) await server.kill('SIGKILL');
      for (const close of closers) await close();
      for (const handle of handles) await handle.close();
      await cluster?.destroy();
    });

    it('should answer 503 while PostgreSQL is stopped and recover by itself', async () => {
      const url = await cluster.createDatabase('outage');
      const server = await startServer({ DATABASE_URL: url });
      const headers = await signInOverHttp(server, DEMO.manager);
      const userDetails = () => server.call('GET', '/api/getUserDetails', { headers });
      const list = () =>
        server.call('POST', '/api/v2/getNotificationList', {
          headers,
          body: { group: 'RECENT', subtype: ['Pending', 'Failed', 'Complete'], chunk: 9999 },
        });
      const profile = () => server.call('GET', '/api/xapi/user/profile', { headers });
      const rename = async (name: string) => {
        const answer = await server.call('POST', '/api/xapi/user/profile', {
          headers,
          body: { name },
        });
        // The answer carries the session's fresh access token.
        if (answer.status === 200) {
          headers['SA-REGID'] = (answer.body as { accessToken: string }).accessToken;
        }
        return answer;
      };
      const idsOf = (answer: Answer) =>
        (answer.body as { notifications: { id: number }[] }).notifications.map((n) => n.id);
      // The calls that reach the reservation system: the database's outage is theirs too, and
      // is told as such, never as the reservation system not answering.
      const reachingGds = (id: number) => [
        server.call('POST', '/api/executePendingOperation', {
          headers,
          body: { notification_id: id, op_code: 'RP' },
        }),
        server.call('POST', '/api/executePendingOperation', {
          headers,
          body: { notification_id: id, op_code: 'CR' },
        }),
        server.call('POST', '/api/getNotificationPnrInfo', {
          headers,
          body: { notification_id: id },
        }),
        server.call('POST', '/api/pnr/cancel/quote', { headers, body: { notificationId: id } }),
      ];

      // Before: something the engine raised, and a write.
      await waitFor(
        'a notification raised by the engine',
        list,
        (a) => idsOf(a).length > 0,
        60_000,
      );
      expect((await rename('Maya Before Outage')).status).toBe(200);
      const before = { user: await userDetails(), list: await list() };
      expect(before.user.status).toBe(200);
      const ready = () => server.call('GET', '/api/ready');
      const readyBefore = await ready();
      expect(readyBefore.status, readyBefore.text).toBe(200);
      expect(ReadyResponse.parse(readyBefore.body)).toMatchObject({ status: 'ready' });

      await cluster.stop();
      const stoppedAt = Date.now();
      let rounds = 0;
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        // Each call must answer: one that hangs fails at the call's 15 s limit. The user's
        // details are the session's, which a process trusts for 5 s after reading them
        // (decision 046); past that they need the database too.
        const details = await userDetails();
        if (Date.now() - stoppedAt > SESSION_CACHE_MS) expectUnavailable(details);
        else expect([200, 503]).toContain(details.status);
        expectUnavailable(await list());
        expectUnavailable(await rename('Maya During Outage'));
        for (const answer of await Promise.all(reachingGds(idsOf(before.list)[0] ?? 1))) {
          expectUnavailable(answer);
        }
        const health = await server.call('GET', '/api/health');
        expect(health.status).toBe(200);
        expect(HealthResponse.parse(health.body)).toMatchObject({ status: 'ok', db: 'postgres' });
        // Alive but not ready: a balancer sends its traffic elsewhere, nothing restarts it.
        expectUnavailable(await ready());
        expect(server.exit()).toBeNull();
        rounds += 1;
        await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
      }
      expect(rounds).toBeGreaterThan(3);

      await cluster.start();
      const restartedAt = new Date();
      const user = await waitFor(
        'getUserDetails again',
        userDetails,
        (a) => a.status === 200,
        30_000,
      );
      expect(user.body).toEqual(before.user.body);
      await waitFor('ready again', ready, (a) => a.status === 200, 30_000);
      const after = await list();
      expect(after.status).toBe(200);
      expect(idsOf(after)).toEqual(expect.arrayContaining(idsOf(before.list)));
      // The write tried during the outage left nothing behind; a new one applies.
      expect((await profile()).body).toMatchObject({ name: 'Maya Before Outage' });
      expect((await rename('Maya After Outage')).status).toBe(200);
      expect((await profile()).body).toMatchObject({ name: 'Maya After Outage' });

      // The engine took up its work again by itself.
      const handle = await openHandle(url);
      await waitFor(
        'a booking checked after the restart',
        async () =>
          (
            await handle.db
              .select({ n: sql<number>`count(*)::int` })
              .from(bookingChecks)
              .where(gt(bookingChecks.checkedAt, restartedAt))
          )[0]?.n ?? 0,
        (checked) => checked > 0,
        60_000,
      );
      expect(server.exit(), server.output()).toBeNull();
    }, 180_000);

    it('should send nothing twice when the server is killed during deliveries', async () => {
      const KILL_AT = 4;
      const url = await cluster.createDatabase('killed');
      const victim: { server?: ServerProcess } = {};
      let interruptedMessageId: string | null = null;
      const smtp = await startSlowSmtp((mail, count) => {
        // The whole message is in, its sender waits for the answer: the moment to die.
        if (count === KILL_AT && victim.server) {
          interruptedMessageId = mail.messageId;
          victim.server.child.kill('SIGKILL');
        }
      });
      closers.push(smtp.close);
      const env = { DATABASE_URL: url, SMTP_URL: smtp.url };
      const first = await startServer(env);
      victim.server = first;
      const handle = await openHandle(url);
      const { db } = handle;

      // E-mail for every process, branch-wide, and the notifications the engine raised so far
      // written to the outbox as the engine writes them; then e-mail is switched off again, so
      // the set under test stays put.
      await waitFor(
        'notifications raised by the engine',
        async () => (await db.select({ id: notifications.id }).from(notifications)).length,
        (n) => n >= 8,
        60_000,
      );
      const branchRows = await db.select({ id: branches.id }).from(branches);
      await db
        .insert(subscriptions)
        .values(
          branchRows.flatMap((branch) =>
            Process.options.map((process) => ({
              process,
              branchId: branch.id,
              media: 'EMAIL' as const,
            })),
          ),
        )
        .onConflictDoNothing();
      const raised = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          agencyId: notifications.agencyId,
          branchId: notifications.branchId,
          agentId: notifications.agentId,
        })
        .from(notifications);
      const written = await db.transaction(async (tx) => {
        let count = 0;
        for (const notification of raised) count += await enqueueDeliveries(tx, notification);
        return count;
      });
      await db
        .delete(subscriptions)
        .where(and(eq(subscriptions.media, 'EMAIL'), isNull(subscriptions.agentId)));
      expect(written).toBeGreaterThan(KILL_AT * 2);

      const killed = first;
      await waitFor(
        'the first server killed',
        async () => killed.exit(),
        (e) => e !== null,
        90_000,
      );
      expect(first.exit()?.signal).toBe('SIGKILL');
      const statusCounts = async () => {
        const rows = await db
          .select({ status: deliveries.status, n: sql<number>`count(*)::int` })
          .from(deliveries)
          .groupBy(deliveries.status);
        return Object.fromEntries(rows.map((row) => [row.status, row.n]));
      };
      const atKill = await statusCounts();
      expect(atKill.SENDING).toBe(1);
      expect(atKill.PENDING ?? 0).toBeGreaterThan(0);

      await startServer(env);
      await waitFor(
        'every delivery settled',
        statusCounts,
        (counts) => (counts.PENDING ?? 0) === 0 && (counts.SENDING ?? 0) === 0,
        120_000,
      );

      const received = new Map<string, number>();
      for (const mail of smtp.mails) {
        if (mail.messageId) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
      }
      const twice = [...received].filter(([, times]) => times > 1);
      expect(twice).toEqual([]);
      const rows = await db.select().from(deliveries);
      const idOf = (id: number) => `<delivery.${id}@localhost>`;
      const sent = rows.filter((row) => row.status === 'SENT');
      const dead = rows.filter((row) => row.status === 'DEAD');
      expect(sent.length + dead.length).toBe(rows.length);
      for (const row of sent) expect(received.get(idOf(row.id)), idOf(row.id)).toBe(1);
      expect(dead.length).toBeGreaterThan(0);
      for (const row of dead) {
        expect(row.lastError).toBe(INTERRUPTED_REASON);
        expect(received.get(idOf(row.id)) ?? 0).toBeLessThanOrEqual(1);
      }
      // The one the first server was sending when it died arrived once, and was not sent again.
      expect(dead.map((row) => idOf(row.id))).toContain(interruptedMessageId);
      expect(received.get(interruptedMessageId ?? '')).toBe(1);
      expect(
        smtp.mails.filter((mail) => !/^<delivery\.\d+@localhost>$/.test(mail.messageId ?? '')),
      ).toEqual([]);
    }, 240_000);
  },
);

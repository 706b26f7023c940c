import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@/db/client';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { startSmtp } from '../../test/smtp-server';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

type Counts = {
  bookings: number;
  checked: number;
  notifications: number;
  pending: number;
  sent: number;
};

// Real concurrency needs PostgreSQL: the worker is another process on the same database.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('a worker killed mid-batch', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const workers: ChildProcess[] = [];

  /** Kills what is left of a worker: tsx and the server process it started. */
  const crash = (worker: ChildProcess) => {
    if (worker.pid === undefined || worker.exitCode !== null) return;
    try {
      process.kill(-worker.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };

  const startWorker = () => {
    const worker = spawn(TSX, ['--tsconfig', 'tsconfig.json', 'src/server.ts'], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        APP_ENV: 'local',
        SMT_ROLE: 'worker',
        DATABASE_URL: database.url ?? '',
        SMTP_URL: smtp.url,
        SIM_SPEED: '0',
        SIM_LATENCY_MS: '40',
        SIM_RATE_PER_SECOND: '0',
        ENGINE_CONCURRENCY: '4',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      // Its own process group: tsx runs the server in a child process, which must die with it.
      detached: true,
    });
    workers.push(worker);
    return worker;
  };

  const counts = async (): Promise<Counts> => {
    const [row] = await queryRows<Counts>(
      database.db,
      sql`select
        (select count(*)::int from bookings where not is_cancelled and not is_flown) as bookings,
        (select count(*)::int from bookings
          where not is_cancelled and not is_flown and last_checked_at is not null) as checked,
        (select count(*)::int from notifications) as notifications,
        (select count(*)::int from deliveries where status <> 'SENT') as pending,
        (select count(*)::int from deliveries where status = 'SENT') as sent`,
    );
    if (!row) throw new Error('no counts');
    return row;
  };

  /** The counts once `done` holds them; if it never does, the last ones say how far it got. */
  const waitFor = (what: string, done: (c: Counts) => boolean, timeout: number) =>
    vi.waitFor(
      async () => {
        const current = await counts();
        if (!done(current)) throw new Error(`waiting for ${what}: ${JSON.stringify(current)}`);
        return current;
      },
      { timeout, interval: 250 },
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemoOrganisation(database.db);
    // Every TLV1 user who may see a ticketing deadline or a reprice hears of it by e-mail.
    await database.exec(`
      insert into subscriptions (process, branch_id, media)
      select p, b.id, 'EMAIL' from branches b, unnest(array['TD', 'RP']) p where b.pcc = 'TLV1'`);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    for (const worker of workers) crash(worker);
    await smtp.close();
    await database.close();
  });

  it('should check every due booking, lose and double no notification, and send no e-mail twice', async () => {
    const first = startWorker();
    const before = await waitFor(
      'the first checks',
      (c) => c.bookings > 0 && c.checked >= 20,
      90_000,
    );
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect(before.checked).toBeLessThan(before.bookings);

    startWorker();
    const after = await waitFor(
      'every booking checked and every e-mail sent',
      (c) => c.checked === c.bookings && c.sent > 0 && c.pending === 0,
      150_000,
    );
    // The lease and the dedupe key: a booking checked again raises nothing again.
    const doubles = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (
        select booking_id, dedupe_key from notifications group by 1, 2 having count(*) > 1) d`,
    );
    expect(doubles[0]?.n).toBe(0);
    expect(after.notifications).toBeGreaterThanOrEqual(before.notifications);

    const delivered = await queryRows<{ recipient: string; notification_id: number }>(
      database.db,
      sql`select recipient, notification_id from deliveries where channel = 'EMAIL'`,
    );
    expect(smtp.mails.length).toBe(delivered.length);
    const seen = smtp.mails.map(
      (mail) => `${mail.to.join(',')}|${/notifications\/(\d+)/.exec(mail.body)?.[1] ?? ''}`,
    );
    expect(new Set(seen).size).toBe(seen.length);
  }, 300_000);
});

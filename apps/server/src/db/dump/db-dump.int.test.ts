import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  MANAGEMENT_CALLS,
  ManagedUserPage,
  NotificationListResponse,
  ReadyResponse,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import { runBundledScript, runNpmScript } from '../../../test/npm-script';
import {
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../../test/server-process';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';

// The way off the embedded database, end to end: a demo database the real server and its
// engine filled, `npm run db:dump`, psql into an empty PostgreSQL database, and the real
// server on that database answering as it did on the embedded one.

const run = promisify(execFile);

function whyNot(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL names no PostgreSQL to load into';
  if (spawnSync('psql', ['--version']).error) return 'no psql on PATH';
  return null;
}
const missing = whyNot();

/** Rows of every table of every schema but the system's, by schema-qualified name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')
          and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
        order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(name)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

const LIST_BODY = { group: 'RECENT', subtype: ['Pending', 'Failed', 'Complete'], chunk: 9999 };

/** What a person sees: the agent's notifications and, as the super user, every user. */
async function seenThrough(server: ServerProcess) {
  const call = async (person: DemoPerson, method: string, url: string, body?: unknown) => {
    const headers = await signInOverHttp(server, person);
    const answer = await server.call(method, url, { headers, body });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const list = NotificationListResponse.parse(
    await call(DEMO.agent, 'POST', '/api/v2/getNotificationList', LIST_BODY),
  );
  const userPage = ManagedUserPage.parse(
    await call(DEMO.superUser, 'GET', `/api/${MANAGEMENT_CALLS.userList}?limit=100`),
  );
  return {
    notifications: list.notifications.map((n) => [n.notification_id, n.status, n.type_status]),
    usersTotal: userPage.total,
    users: userPage.items.map((user) => [user.id, user.email, user.roles]),
  };
}

describe.skipIf(missing !== null)(
  `npm run db:dump${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let dataDir: string;
    let workDir: string;
    const servers: ServerProcess[] = [];
    const databases: TestDatabase[] = [];
    const env = () => ({ DATA_DIR: dataDir });

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'smt-dump-data-'));
      workDir = await mkdtemp(path.join(tmpdir(), 'smt-dump-out-'));
      // The demo organisation, with what the engine raised from the simulated GDS.
      const server = await startServerProcess(env());
      servers.push(server);
      // Not the agent compared below: their sign-in there would meet the resend pause.
      const headers = await signInOverHttp(server, DEMO.agent2);
      await vi.waitFor(
        async () => {
          const answer = await server.call('POST', '/api/v2/getNotificationList', {
            headers,
            body: LIST_BODY,
          });
          const { notifications } = answer.body as { notifications?: unknown[] };
          if (notifications?.length === 0) {
            throw new Error(`no notification raised by the engine yet: ${answer.text}`);
          }
        },
        { timeout: 120_000, interval: 500 },
      );
      await server.kill('SIGTERM');
      expect(server.exit()?.code, server.output()).toBe(0);
    });
    /** Starts the servers side by side; any that started is stopped after, even if one fails. */
    const startAll = async (envs: Record<string, string>[]) => {
      const started = await Promise.allSettled(envs.map((one) => startServerProcess(one)));
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      return started.map((result) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      });
    };

    afterAll(async () => {
      for (const server of servers) await server.kill('SIGKILL');
      for (const database of databases) await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('should load with psql into an empty PostgreSQL database that a server then answers from the same', async () => {
      const file = path.join(workDir, 'site.sql');
      const dumped = await runNpmScript('db:dump', ['--out', file], { env: env() });
      expect(dumped.status, dumped.stderr).toBe(0);
      expect(dumped.stdout).toContain(`Wrote ${file}`);
      expect(dumped.stdout).toContain(`psql -v ON_ERROR_STOP=1 -f ${file} postgres://`);

      const target = await createTestDatabase('postgres', { migrate: false });
      databases.push(target);
      // As the output says to load it; psql exits non-zero on the first error.
      await run('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-f', file, target.url ?? ''], {
        maxBuffer: 16 * 1024 * 1024,
      });

      const embedded = await openDatabaseFromEnv(loadEnv(env()));
      let before: Record<string, number>;
      try {
        before = await rowCounts(embedded.db);
      } finally {
        await embedded.close();
      }
      const after = await rowCounts(target.db);
      expect(after).toEqual(before);
      // Every schema came: the app's, drizzle's migrations, pg-boss's and the simulator's.
      for (const schema of ['public', 'drizzle', 'pgboss', 'gds_sim']) {
        expect(Object.keys(before).some((name) => name.startsWith(`${schema}.`))).toBe(true);
      }
      expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
      expect(before['public.notifications']).toBeGreaterThan(0);

      // API processes only, so no engine adds to what is compared.
      const [onPglite, onPostgres] = (await startAll([
        { ...env(), SMT_ROLE: 'api' },
        { DATABASE_URL: target.url ?? '', SMT_ROLE: 'api' },
      ])) as [ServerProcess, ServerProcess];
      const ready = await onPostgres.call('GET', '/api/ready');
      expect(ready.status, ready.text).toBe(200);
      expect(ReadyResponse.parse(ready.body)).toMatchObject({ db: 'postgres', newerMigrations: 0 });
      const seen = await seenThrough(onPostgres);
      expect(seen.notifications.length).toBeGreaterThan(0);
      expect(seen.usersTotal).toBe(before['public.users']);
      expect(seen).toEqual(await seenThrough(onPglite));
      await Promise.all([onPglite.kill('SIGTERM'), onPostgres.kill('SIGTERM')]);
    }, 300_000);

    it('should write a dated file where it is run and replace a file only when forced', async () => {
      // Through npm, which runs the script in the package's folder and keeps the caller's in
      // INIT_CWD; the runs after it from the command's bundle (npm-script.ts).
      const first = await runNpmScript('db:dump', [], { env: env(), cwd: workDir });
      expect(first.status, first.stderr).toBe(0);
      const dated = (await readdir(workDir)).filter((name) =>
        /^smt-dump-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql$/.test(name),
      );
      expect(dated).toHaveLength(1);
      const file = path.join(workDir, dated[0] ?? '');
      await writeFile(file, 'a file someone keeps\n');

      const again = await runBundledScript('db:dump', ['--out', file], { env: env() });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`${file} exists already`);
      expect(await readFile(file, 'utf8')).toBe('a file someone keeps\n');

      const forced = await runBundledScript('db:dump', ['--out', file, '--force'], { env: env() });
      expect(forced.status, forced.stderr).toBe(0);
      expect(await readFile(file, 'utf8')).toMatch(/^--\n-- PostgreSQL database dump/);

      const onPostgres = await runBundledScript('db:dump', [], {
        env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
        cwd: workDir,
      });
      expect(onPostgres.status).toBe(1);
      expect(onPostgres.stderr).toContain('DATABASE_URL is set, so the data is in PostgreSQL');

      // A server holding the embedded database: the dump is refused, naming it, and writes nothing.
      const held = await openDatabaseFromEnv(loadEnv(env()));
      try {
        const refused = await runBundledScript('db:dump', ['--out', `${file}.held`], {
          env: env(),
        });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
        expect(existsSync(`${file}.held`)).toBe(false);
      } finally {
        await held.close();
      }

      const wrong = await runBundledScript('db:dump', ['--to', file], { env: env() });
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain('Usage: npm run db:dump');
    }, 180_000);
  },
);

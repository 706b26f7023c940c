import { readFile, writeFile } from 'node:fs/promises';
import { ApiErrorBody, errorMessages } from '@smt/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { openDatabase, type Database } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { seedDemoOrganisation } from '@/db/seed/seed';
import {
  privatePostgresMissing,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../test/private-postgres';
import { DEMO, signIn } from '../../test/sign-in';

// The server over a PostgreSQL cluster of this file's own, whose refusals of new connections
// are turned on and off: the machine's shared cluster is never touched. The server signs in as
// a role of its own with a password (not a superuser, whom connection limits do not bind).

const DATABASE = 'refusing';
const ROLE = 'smt_app';
const PASSWORD = 'app-password';

type Refusal = { name: string; on: string; off: string };

const REFUSALS: Refusal[] = [
  {
    name: 'the database at its connection limit (53300)',
    on: `alter database ${DATABASE} connection limit 0`,
    off: `alter database ${DATABASE} connection limit -1`,
  },
  {
    name: 'the role at its connection limit (53300)',
    on: `alter role ${ROLE} connection limit 0`,
    off: `alter role ${ROLE} connection limit -1`,
  },
  {
    name: 'the database not accepting connections (55000)',
    on: `alter database ${DATABASE} allow_connections false`,
    off: `alter database ${DATABASE} allow_connections true`,
  },
  {
    name: 'the database renamed away (3D000)',
    on: `alter database ${DATABASE} rename to ${DATABASE}_moved`,
    off: `alter database ${DATABASE}_moved rename to ${DATABASE}`,
  },
  {
    name: 'the role not permitted to log in (28000)',
    on: `alter role ${ROLE} nologin`,
    off: `alter role ${ROLE} login`,
  },
  {
    name: 'the password changed (28P01)',
    on: `alter role ${ROLE} password 'changed-elsewhere'`,
    off: `alter role ${ROLE} password '${PASSWORD}'`,
  },
];

/** How long the server may take to see the database change, and how often to look. */
const POLL = { timeout: 15_000, interval: 50 };

const missing = privatePostgresMissing();

describe.skipIf(missing !== null)(
  `a server over a database that refuses new connections${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let cluster: PrivatePostgres;
    let admin: pg.Client;
    let database: Database;
    let app: App;
    let headers: Record<string, string>;

    const poolOf = (handle: Database) => {
      if (handle.kind !== 'postgres') throw new Error('not PostgreSQL');
      return handle.pool;
    };
    /** Ends the server's pooled connections, so its next call must connect anew. */
    const dropServerConnections = async () => {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where usename = $1',
        [ROLE],
      );
      await expect
        .poll(() => poolOf(database).totalCount, { ...POLL, message: 'the pool to notice' })
        .toBe(0);
    };
    const userDetails = () => app.inject({ method: 'GET', url: '/api/getUserDetails', headers });

    beforeAll(async () => {
      cluster = await startPrivatePostgres();
      admin = new pg.Client({ connectionString: cluster.urlOf('postgres') });
      await admin.connect();
      await admin.query(`create role ${ROLE} login password '${PASSWORD}'`);
      await admin.query(`create database ${DATABASE} owner ${ROLE}`);
      // The server's role signs in with its password, so a changed one refuses it; the rest of
      // the cluster stays trusted.
      const { rows } = await admin.query<{ hba_file: string }>('show hba_file');
      const hbaFile = rows[0]?.hba_file ?? '';
      const hba = await readFile(hbaFile, 'utf8');
      await writeFile(hbaFile, `host all ${ROLE} 127.0.0.1/32 scram-sha-256\n${hba}`);
      await admin.query('select pg_reload_conf()');

      database = await openDatabase({
        kind: 'postgres',
        url: `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${cluster.port}/${DATABASE}`,
        poolSize: 2,
      });
      await runMigrations(database);
      await seedDemoOrganisation(database.db);
      app = await buildApp({
        // The session is read on every call here: what is asked is the database's refusal, which
        // a session read moments before would hide from getUserDetails (decision 046).
        env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent', SESSION_CACHE_SECONDS: '0' }),
        database,
        webDistDir: '/nonexistent-smt-web-dist',
        logger: false,
      });
      await app.ready();
      headers = (await signIn(app, DEMO.agent)).headers;
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await admin?.end();
      await cluster?.destroy();
    });

    it.each(REFUSALS.map((refusal) => [refusal.name, refusal] as const))(
      'should answer 503 while %s, and 200 once it is lifted',
      async (_name, { on, off }) => {
        expect((await userDetails()).statusCode).toBe(200);
        await dropServerConnections();
        await admin.query(on);
        try {
          const refused = await userDetails();
          expect(refused.statusCode, refused.body).toBe(503);
          expect(refused.headers['retry-after']).toMatch(/^\d+$/);
          expect(ApiErrorBody.parse(refused.json())).toEqual({
            code: 'INTERNAL',
            message: errorMessages.databaseUnavailable,
          });
        } finally {
          await admin.query(off);
        }
        await expect
          .poll(async () => (await userDetails()).statusCode, {
            ...POLL,
            message: 'the server to answer again',
          })
          .toBe(200);
      },
    );
  },
);

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { UserDetails } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { loadEnv } from '@/config/env';
import type { Database, DbKind } from '@/db/client';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import { auditLog, users } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { runBundledScript, runNpmScript } from '../../test/npm-script';
import { signIn } from '../../test/sign-in';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

// `npm run admin` as a person runs it, in a process of its own, against the database a server
// would use: a fresh PostgreSQL database, and an embedded one under a DATA_DIR of its own.

const USAGE = 'Usage: npm run admin -- create-user';

/** Where the command works, and a way to look at the same database between its runs. */
type Target = {
  env: Record<string, string>;
  /** Opens the database for `work` and closes it after: an embedded one has one holder. */
  inspect: <T>(work: (database: Database) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

async function targetOf(kind: DbKind): Promise<Target> {
  if (kind === 'postgres') {
    const database: TestDatabase = await createTestDatabase('postgres', { migrate: false });
    return {
      env: { DATABASE_URL: database.url ?? '' },
      inspect: (work) => work(database),
      close: () => database.close(),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smt-admin-cli-'));
  return {
    env: { DATA_DIR: dataDir },
    inspect: async (work) => {
      const database = await openDatabaseFromEnv(loadEnv({ DATA_DIR: dataDir }));
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

// What `npm run admin` runs, from its bundle (npm-script.ts); the help test goes through npm.
const admin = (args: string[], env: Record<string, string> = {}) =>
  runBundledScript('admin', args, { env });

// Each test starts the command several times, and on PGlite each start opens and migrates the
// embedded database: on a busy two-core machine that takes more than the minute of other tests.
const RUNS_MS = 180_000;

describe.each(TEST_DATABASE_KINDS)('npm run admin -- create-user on %s', (kind) => {
  let target: Target;
  const superUser = { email: 'first.admin@site.test', phone: '+972500000901' };

  beforeAll(async () => {
    target = await targetOf(kind);
  });
  afterAll(async () => {
    await target?.close();
  });

  it(
    'should make a super user who can sign in when run with APP_ENV=production',
    async () => {
      const run = await admin(
        [
          'create-user',
          '--role',
          'SuperUser',
          '--email',
          'First.Admin@Site.test',
          // The shared phone rule takes a number as people write it and stores it in E.164.
          '--phone',
          '+972 50-000-0901',
          '--name',
          'First Admin',
        ],
        { ...target.env, APP_ENV: 'production' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Made SuperUser First Admin \(user \d+, no agency\)/);
      expect(run.stdout).toContain(`${superUser.email}, ${superUser.phone}`);

      const { user, audits } = await target.inspect(async ({ db }) => {
        const [row] = await db.select().from(users).where(eq(users.phone, superUser.phone));
        const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
        return { user: row, audits: rows };
      });
      expect(user).toMatchObject({
        name: 'First Admin',
        email: superUser.email,
        roles: ['ROLE_SA_SUPER_USER'],
        agencyId: null,
        enabled: true,
        activated: true,
      });
      // Vouched for by whoever runs the server, as the users page vouches for what it types.
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        userId: null,
        realUserId: null,
        entityType: 'user',
        entityId: String(user?.id),
        result: 'SUCCESS',
        details: {
          source: 'admin-command',
          osUser: userInfo().username,
          email: superUser.email,
          roles: ['ROLE_SA_SUPER_USER'],
        },
      });

      // Production has no inbox to read a code from; local over the same rows is the same user.
      const details = await target.inspect(async (database) => {
        const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
        const app = await buildApp({ env, database, webDistDir: '/nonexistent', logger: false });
        try {
          await app.ready();
          const { headers } = await signIn(app, superUser);
          const answer = await app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
          expect(answer.statusCode, answer.body).toBe(200);
          return UserDetails.parse(answer.json());
        } finally {
          await app.close();
        }
      });
      expect(details).toMatchObject({ email: superUser.email, roles: ['SUPERUSER'] });
    },
    RUNS_MS,
  );

  it(
    'should refuse and make nobody when the phone or the e-mail is taken',
    async () => {
      const samePhone = await admin(
        [
          'create-user',
          '--role',
          'SuperUser',
          '--email',
          'other@site.test',
          '--phone',
          superUser.phone,
        ],
        { ...target.env, APP_ENV: 'production' },
      );
      expect(samePhone.status).toBe(1);
      expect(samePhone.stderr).toContain(
        `A user with the phone ${superUser.phone} already exists; nobody was made.`,
      );
      expect(samePhone.stderr).not.toContain(USAGE);

      const sameEmail = await admin(
        [
          'create-user',
          '--role',
          'Operator',
          '--email',
          superUser.email,
          '--phone',
          '+972500000902',
        ],
        { ...target.env, APP_ENV: 'production' },
      );
      expect(sameEmail.status).toBe(1);
      expect(sameEmail.stderr).toContain(
        `A user with the e-mail ${superUser.email} already exists`,
      );

      const counts = await target.inspect(async ({ db }) => ({
        users: await db.$count(users),
        audits: await db.$count(auditLog),
      }));
      expect(counts).toEqual({ users: 1, audits: 1 });
    },
    RUNS_MS,
  );

  it(
    'should place users by agency, PCC and initials and refuse a place that does not exist',
    async () => {
      await target.inspect(({ db }) => seedDemoOrganisation(db));
      const agent = await admin(
        [
          'create-user',
          '--role',
          'agent',
          '--email',
          'new.agent@demo.test',
          '--phone',
          '+972500000903',
          '--branch',
          'tlv1',
          '--agent-initials',
          'aa',
        ],
        target.env,
      );
      expect(agent.status, agent.stderr).toBe(0);
      expect(agent.stdout).toContain('agency Demo Travel, branch TLV1, agent AA');

      const elsewhere = await admin(
        [
          'create-user',
          '--role',
          'BranchManager',
          '--email',
          'lost@demo.test',
          '--phone',
          '+972500000904',
          '--agency',
          'Globe Tours',
          '--branch',
          'TLV1',
        ],
        target.env,
      );
      expect(elsewhere.status).toBe(1);
      expect(elsewhere.stderr).toContain('Branch TLV1 is not in agency "Globe Tours".');

      const nowhere = await admin(
        [
          'create-user',
          '--role',
          'Manager',
          '--email',
          'lost@demo.test',
          '--phone',
          '+972500000904',
        ].concat(['--agency', 'No Such Travel']),
        target.env,
      );
      expect(nowhere.status).toBe(1);
      expect(nowhere.stderr).toContain('No agency is named "No Such Travel".');

      const placed = await target.inspect(async ({ db }) => {
        const [row] = await db.select().from(users).where(eq(users.email, 'new.agent@demo.test'));
        return row;
      });
      expect(placed?.roles).toEqual(['ROLE_SA_AGENT_USER']);
      expect(placed?.agentId).not.toBeNull();
    },
    RUNS_MS,
  );

  it.runIf(kind === 'pglite')(
    'should be refused with the holder named when another process holds the data directory',
    async () => {
      await target.inspect(async () => {
        const run = await admin(
          [
            'create-user',
            '--role',
            'Operator',
            '--email',
            'op@site.test',
            '--phone',
            '+972500000905',
          ],
          target.env,
        );
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`process ${process.pid}`);
      });
    },
  );
});

describe('npm run admin with wrong arguments', () => {
  const cases: [string, string[], string][] = [
    ['no command', [], 'Name a command.'],
    ['an unknown command', ['delete-everything'], 'There is no command "delete-everything".'],
    ['an unknown option', ['create-user', '--rol', 'SuperUser'], "Unknown option '--rol'"],
    [
      'no phone',
      ['create-user', '--role', 'SuperUser', '--email', 'a@b.test'],
      '--phone is required.',
    ],
    [
      'a role that is not one',
      ['create-user', '--role', 'King', '--email', 'a@b.test', '--phone', '+972500000906'],
      '--role "King" is not a role',
    ],
    [
      'a phone that is not one',
      ['create-user', '--role', 'SuperUser', '--email', 'a@b.test', '--phone', '12'],
      '--phone: Specify a valid phone number',
    ],
    [
      'an agent with a branch but no initials',
      ['create-user', '--role', 'Agent', '--email', 'a@b.test', '--phone', '+972500000906'].concat([
        '--branch',
        'TLV1',
      ]),
      '--agent-initials: Choose the agent this user books as',
    ],
    [
      'a manager with no place',
      ['create-user', '--role', 'Manager', '--email', 'a@b.test', '--phone', '+972500000906'],
      '--role Manager needs a place in the organisation',
    ],
  ];

  it.each(cases)('should exit 2 with the usage when given %s', async (_what, args, message) => {
    // No database is named: wrong arguments are answered before one is opened.
    const run = await admin(args, { DATA_DIR: '/nonexistent/smt-admin-cli' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain(USAGE);
    expect(run.stdout).toBe('');
  });

  it(
    'should print the usage and exit 0 when asked for help',
    async () => {
      // Through npm and tsx, as a person types it: the script the README names runs this file.
      const run = await runNpmScript('admin', ['create-user', '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(USAGE);
      expect(run.stdout).toContain('this command is refused');
    },
    RUNS_MS,
  );
});

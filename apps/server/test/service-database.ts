import type { ApiErrorBody } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import type { Db } from '@/db/client';
import { agencies, agents, branches, users } from '@/db/schema';
import { scopeOf } from '@/db/scope';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { DomainError } from '@/lib/domain-error';
import type { callerOf } from '@/plugins/auth';
import { CODE_OF_REASON } from '@/plugins/error-reasons';
import type { DemoPerson } from './sign-in';
import { emptyLent } from './pglite-pool';
import { createTestDatabase, type TestDatabase } from './test-database';

// What the service tests share (the `service` project of vitest.config.ts): one in-process
// PGlite per worker, emptied and seeded again before each test, and callers made as the routes
// make them. The project's files share the worker's module graph, so this module, and the
// database it opens, is one per worker; a new PGlite per file would cost more than its tests.

let opened: Promise<TestDatabase> | undefined;

// Never closed: in-memory PGlite holds nothing outside the worker, and the worker cannot tell
// which of its files is the last one to need it.
const workerDatabase = () => (opened ??= createTestDatabase('pglite'));

/**
 * Back to a fresh seeded database: emptied as the pool empties a database given back
 * (pglite-pool.ts: every table, identities restarted), then the demo organisation.
 */
async function resetDatabase(database: TestDatabase): Promise<void> {
  await emptyLent(database);
  await seedDemoOrganisation(database.db);
}

/**
 * The worker's database for the tests of the file that calls this (at the top of its
 * `describe`): reset before each of them, so no test sees another's rows and ids start at 1.
 */
export function useServiceDatabase(): { readonly db: Db } {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await workerDatabase();
    await resetDatabase(current);
  });
  return {
    get db() {
      if (!current) throw new Error('the service database is reached before a test');
      return current.db;
    },
  };
}

type ServiceCaller = ReturnType<typeof callerOf>;

/** A demo person signed in, as `callerOf` gives them to a service. */
export async function callerAs(db: Db, person: DemoPerson): Promise<ServiceCaller> {
  const [user] = await db.select().from(users).where(eq(users.email, person.email));
  if (!user) throw new Error(`no user ${person.email}`);
  return {
    userId: user.id,
    realUserId: user.id,
    realUserRoles: user.roles,
    agentId: user.agentId,
    scope: scopeOf(user),
  };
}

/**
 * What a refused call answers, as the error handler turns the service's refusal into the body
 * (plugins/error-handler.ts), so a rule's test says what the caller is told; anything else a
 * call throws, or its not refusing at all, fails the test.
 */
export async function refusalOf(call: Promise<unknown>): Promise<ApiErrorBody> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const code = CODE_OF_REASON[error.reason];
    if (!code) throw new Error(`the reason ${error.reason} has no code`, { cause: error });
    const body: ApiErrorBody = { code, message: error.message, reason: error.reason };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    return body;
  }
  throw new Error('the call was not refused');
}

/** The one row a lookup by a unique name found, or the test fails naming what it missed. */
function theOne<Row extends { id: number }>(rows: Row[], missing: string): number {
  const [row] = rows;
  if (!row) throw new Error(`no ${missing}`);
  return row.id;
}

/**
 * Ids of the rows a test names as people do (an agency by its name, a branch by its PCC, an
 * agent by their initials, a user by their e-mail), looked up in the database of `database`
 * when called, so after the reset of the test calling them.
 */
export function idsByName(database: { readonly db: Db }) {
  return {
    agencyId: async (name: string) =>
      theOne(
        await database.db.select().from(agencies).where(eq(agencies.name, name)),
        `agency ${name}`,
      ),
    branchId: async (pcc: string) =>
      theOne(
        await database.db.select().from(branches).where(eq(branches.pcc, pcc)),
        `branch ${pcc}`,
      ),
    agentId: async (initials: string) =>
      theOne(
        await database.db.select().from(agents).where(eq(agents.initials, initials)),
        `agent ${initials}`,
      ),
    userId: async (email: string) =>
      theOne(await database.db.select().from(users).where(eq(users.email, email)), `user ${email}`),
  };
}

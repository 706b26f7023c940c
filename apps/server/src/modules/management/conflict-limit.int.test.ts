import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { Clock } from '@/lib/clock';
import { DEMO } from '../../../test/sign-in';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { createConflictLimit, Taken } from './conflict-limit';
import { CODE_OF_REASON } from '@/plugins/error-reasons';

// The path the routes cannot reach on purpose: a value another write took between the check
// and the insert (two admins at once) is refused and audited like any taken value.

describe.each(TEST_DATABASE_KINDS)('a checked write that loses a race on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
  });
  afterAll(() => database.close());

  it('should answer 409 and audit the taken phone when the insert breaks its unique index', async () => {
    const { db } = database;
    const [manager] = await db
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(eq(users.email, DEMO.manager.email));
    if (!manager) throw new Error('no demo manager');
    const limitedWrite = createConflictLimit({ db, clock: new Clock() });
    const caller = { userId: manager.id, realUserId: manager.id, realUserRoles: manager.roles };

    const refused = await limitedWrite(
      caller,
      { action: 'user.create', entityType: 'user', entityId: null },
      // The check saw nothing; the phone was taken since.
      async (tx) => {
        await tx
          .insert(users)
          .values({ name: 'Late', email: 'late@demo.test', phone: DEMO.agent.phone });
        return 'written';
      },
      { users_phone_key: new Taken('deviceNumber', 'That phone is taken.') },
    ).catch((error: unknown) => error);

    expect(refused).toMatchObject({ reason: 'management.taken', message: 'That phone is taken.' });
    expect(CODE_OF_REASON['management.taken']).toBe('CONFLICT');
    const audited = await db
      .select({ result: auditLog.result, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.realUserId, manager.id));
    expect(audited).toEqual([
      {
        result: 'FAILURE',
        action: 'user.create',
        details: { refusal: 'taken', field: 'deviceNumber', kind: 'phone' },
      },
    ]);
    expect(await db.select().from(users).where(eq(users.email, 'late@demo.test'))).toEqual([]);
  });
});

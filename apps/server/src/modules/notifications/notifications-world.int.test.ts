import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('the notifications test world on %s', (kind) => {
  let world: NotificationsWorld;
  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
  });
  afterAll(() => world.close());

  it('should give every demo agent pending notifications in every group', async () => {
    const rows = await queryRows<{ initials: string; group: string }>(
      world.database.db,
      sql`select distinct a.initials, n."group" from notifications n
          join agents a on a.id = n.agent_id
          where n.subtype = 'Pending' and n.status <> 'DEL'`,
    );
    for (const initials of ['MM', 'AA', 'BA', 'BB', 'GG', 'GA']) {
      expect(
        rows
          .filter((row) => row.initials === initials)
          .map((row) => row.group)
          .sort(),
      ).toEqual(['ADM', 'REPRICE', 'RESCHEDULE', 'TICKETING_DUE', 'WAITLIST']);
    }
  });
});

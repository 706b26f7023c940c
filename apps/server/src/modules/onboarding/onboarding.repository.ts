import type { ServerRole } from '@smt/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { userWritten } from '@/modules/users/user-written';

const NEW_USER: ServerRole = 'ROLE_SA_NEW_REGISTERED_USER';
const AGENCY_MANAGER: ServerRole = 'ROLE_SA_AGENCY_MANAGER_USER';

/**
 * Seats a user who sits in no agency yet as the agency manager of `agencyId`: the
 * new-registered role gives way to the agency manager's. Answers false when the user already
 * sits in an agency, which makes a second, concurrent onboarding lose.
 */
export async function seatAgencyManager(
  tx: Db,
  userId: number,
  agencyId: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({
      agencyId,
      branchId: null,
      agentId: null,
      roles: sql`array_append(array_remove(array_remove(${users.roles}, ${NEW_USER}::text), ${AGENCY_MANAGER}::text), ${AGENCY_MANAGER}::text)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.agencyId)))
    .returning({ id: users.id });
  userWritten(userId);
  return rows.length === 1;
}

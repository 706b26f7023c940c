import type { AssignableRole, ServerRole } from '@smt/shared';
import { and, asc, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, agents, branches, sessions, users } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';
import { containsText, type Page } from './management-query';
import { userWritten } from '@/modules/users/user-written';

// Users as the management list shows and changes them, always inside the caller's scope.

export type UserFilter = {
  email?: string | undefined;
  name?: string | undefined;
  deviceNumber?: string | undefined;
  role?: AssignableRole | undefined;
  agencyId?: number | undefined;
  branchId?: number | undefined;
  agentId?: number | undefined;
};

export type UserPlacement = { agencyId: number; branchId: number | null; agentId: number | null };

const userWhere = (scope: Scope, filter: UserFilter): SQL | undefined =>
  and(
    inScope(scope, { agency: users.agencyId, branch: users.branchId, agent: users.agentId }),
    containsText(filter.email, users.email),
    containsText(filter.name, users.name),
    containsText(filter.deviceNumber, users.phone),
    filter.role === undefined ? undefined : sql`${filter.role} = any(${users.roles})`,
    filter.agencyId === undefined ? undefined : eq(users.agencyId, filter.agencyId),
    filter.branchId === undefined ? undefined : eq(users.branchId, filter.branchId),
    filter.agentId === undefined ? undefined : eq(users.agentId, filter.agentId),
  );

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  deviceNumber: users.phone,
  roles: users.roles,
  agencyId: users.agencyId,
  agencyName: agencies.name,
  branchId: users.branchId,
  branchPcc: branches.pcc,
  agentId: users.agentId,
  enabled: users.enabled,
  activated: users.activated,
};

/** Users with the names of where they sit, which the list shows beside them. */
const usersPlaced = (db: Db) =>
  db
    .select(userColumns)
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(branches, eq(branches.id, users.branchId));

export type ManagedUserRow = {
  id: number;
  name: string;
  email: string;
  deviceNumber: string;
  roles: ServerRole[];
  agencyId: number | null;
  agencyName: string | null;
  branchId: number | null;
  branchPcc: string | null;
  agentId: number | null;
  enabled: boolean;
  activated: boolean;
};

export async function selectUsers(
  db: Db,
  scope: Scope,
  filter: UserFilter,
  page?: Page,
): Promise<ManagedUserRow[]> {
  const query = usersPlaced(db)
    .where(userWhere(scope, filter))
    .orderBy(asc(users.name), asc(users.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countUsers(db: Db, scope: Scope, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(userWhere(scope, filter));
  return row?.n ?? 0;
}

export async function findUserInScope(db: Db, scope: Scope, id: number) {
  const [row] = await usersPlaced(db).where(and(eq(users.id, id), userWhere(scope, {})));
  return row ?? null;
}

/** Where a branch or an agent sits, if the scope covers it. */
export async function branchPlacement(db: Db, scope: Scope, branchId: number) {
  const [row] = await db
    .select({ agencyId: branches.agencyId, branchId: branches.id })
    .from(branches)
    .where(
      and(
        eq(branches.id, branchId),
        inScope(scope, { agency: branches.agencyId, branch: branches.id }),
      ),
    );
  return row ? { ...row, agentId: null } : null;
}

export async function agentPlacement(db: Db, scope: Scope, agentId: number) {
  const [row] = await db
    .select({ agencyId: branches.agencyId, branchId: agents.branchId, agentId: agents.id })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(
      and(
        eq(agents.id, agentId),
        inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
      ),
    );
  return row ?? null;
}

/**
 * Which of the user's unique values another user already has. An e-mail is another's only once
 * proved (docs/decisions/024): a claim blocks no one. A null e-mail is not looked at.
 */
export async function takenUserFields(
  db: Db,
  fields: { email: string | null; phone: string },
  exceptId = 0,
): Promise<{ email: boolean; phone: boolean }> {
  const email = fields.email?.toLowerCase() ?? null;
  const rows = await db
    .select({
      email: users.email,
      phone: users.phone,
      proved: sql<boolean>`${users.emailConfirmedAt} is not null`,
    })
    .from(users)
    .where(
      and(
        ne(users.id, exceptId),
        or(
          eq(users.phone, fields.phone),
          email === null
            ? undefined
            : and(isNotNull(users.emailConfirmedAt), sql`lower(${users.email}) = ${email}`),
        ),
      ),
    );
  return {
    email: rows.some((row) => row.proved && row.email.toLowerCase() === email),
    phone: rows.some((row) => row.phone === fields.phone),
  };
}

export type UserValues = {
  name: string;
  email: string;
  phone: string;
  roles: ServerRole[];
} & UserPlacement;

export async function insertUser(
  tx: Db,
  values: UserValues & { enabled: boolean; activated: boolean },
): Promise<number> {
  // The organisation that makes a user vouches for the e-mail it typed (docs/decisions/024).
  const [row] = await tx
    .insert(users)
    .values({ ...values, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function updateUser(
  tx: Db,
  id: number,
  changes: Partial<UserValues & { enabled: boolean; activated: boolean; emailConfirmedAt: Date }>,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id));
  userWritten(id);
}

/** Ends every session the user signed in with; the next call of each answers 401. */
/**
 * Ends the user's own sessions and every admin's session acting as them: once the user is gone
 * such a session would quietly turn back into the admin's own.
 */
export async function endSessionsOf(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatedUserId, userId)),
        isNull(sessions.revokedAt),
      ),
    );
  userWritten(userId);
}

export async function deleteUser(tx: Db, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
  userWritten(id);
}

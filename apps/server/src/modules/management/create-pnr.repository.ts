import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agents, branches, gdsConnections, users } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

/** The connection a booking goes through when the form names none. */
type UnnamedConnection = 'simulator' | 'real';

/**
 * An agent inside the scope with the branch and agency it sits in (the GDS knows it by sign),
 * and the live connection of that agency the booking is to be made through: the one asked
 * for, or else the simulator's (`unnamed: 'simulator'`) or a real provider's (`'real'`). The
 * connection is null when the agency has no such live one, so an id of another agency's
 * connection, or of a disconnected one, finds none.
 */
export async function findAgentPlace(
  db: Db,
  scope: Scope,
  agentId: number,
  connectionId: number | undefined,
  unnamed: UnnamedConnection,
) {
  const [row] = await db
    .select({
      agentId: agents.id,
      initials: agents.initials,
      branchId: branches.id,
      pcc: branches.pcc,
      agencyId: branches.agencyId,
      connectionId: gdsConnections.id,
      provider: gdsConnections.provider,
    })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .leftJoin(
      gdsConnections,
      and(
        eq(gdsConnections.agencyId, branches.agencyId),
        connectionId !== undefined
          ? eq(gdsConnections.id, connectionId)
          : unnamed === 'simulator'
            ? eq(gdsConnections.provider, 'SIMULATOR')
            : ne(gdsConnections.provider, 'SIMULATOR'),
        eq(gdsConnections.status, 'ACTIVE'),
      ),
    )
    .where(
      and(
        eq(agents.id, agentId),
        inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
      ),
    )
    // One live connection per provider; the oldest of several providers, the same every time.
    .orderBy(asc(gdsConnections.id))
    .limit(1);
  return row ?? null;
}

/** A user's e-mail and phone. */
export async function findUserContact(db: Db, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

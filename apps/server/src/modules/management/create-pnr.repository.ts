import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agents, branches, gdsConnections } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

/**
 * An agent inside the scope with the branch and agency it sits in (the GDS knows it by sign),
 * and the agency's live simulator connection.
 */
export async function findAgentPlace(db: Db, scope: Scope, agentId: number) {
  const [row] = await db
    .select({
      agentId: agents.id,
      initials: agents.initials,
      branchId: branches.id,
      pcc: branches.pcc,
      agencyId: branches.agencyId,
      /** The agency's live simulator connection, which new bookings are made through. */
      connectionId: gdsConnections.id,
    })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .leftJoin(
      gdsConnections,
      and(
        eq(gdsConnections.agencyId, branches.agencyId),
        eq(gdsConnections.provider, 'SIMULATOR'),
        eq(gdsConnections.status, 'ACTIVE'),
      ),
    )
    .where(
      and(
        eq(agents.id, agentId),
        inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
      ),
    );
  return row ?? null;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, agents, branches } from '@/db/schema';

// The organisation looked up by the names people type on a command line: an agency by its
// name, a branch by its PCC, an agent by its initials within a branch.

export async function findAgencyByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(eq(sql`lower(${agencies.name})`, name.toLowerCase()));
  return row ?? null;
}

export async function findBranchByPcc(db: Db, pcc: string) {
  const [row] = await db
    .select({ id: branches.id, pcc: branches.pcc, agencyId: branches.agencyId })
    .from(branches)
    .where(eq(branches.pcc, pcc.toUpperCase()));
  return row ?? null;
}

export async function findAgentByInitials(db: Db, branchId: number, initials: string) {
  const [row] = await db
    .select({ id: agents.id, initials: agents.initials })
    .from(agents)
    .where(and(eq(agents.branchId, branchId), eq(agents.initials, initials.toUpperCase())));
  return row ?? null;
}

export async function agencyNameOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, id));
  return row?.name ?? null;
}

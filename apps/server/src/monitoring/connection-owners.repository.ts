import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agents, bookings, branches, users } from '@/db/schema';
import type { Owner } from './booking-owner';

/** The gds_id of every booking a Duffel connection watches. */
export const DUFFEL_GDS_ID = 'DUFFEL';
/** The gds_id of every booking a Sabre connection watches. */
export const SABRE_GDS_ID = 'SABRE';
/**
 * The bookings whose reservation system keeps real time: they are due, judged and refreshed
 * by the server's clock; the simulator's run on its own, which runs ahead.
 */
export const REAL_TIME_GDS_IDS: readonly string[] = [DUFFEL_GDS_ID, SABRE_GDS_ID];
export const onRealTime = (gdsId: string) => REAL_TIME_GDS_IDS.includes(gdsId);

/** Initials no person signs with: the default branch's agent for orders that name nobody. */
export const UNASSIGNED_INITIALS = '00';
const UNASSIGNED_NAME = 'Unassigned orders';

/** The agent of the agency whose user has this e-mail (case aside), where they sit. */
export async function ownerByEmail(db: Db, agencyId: number, email: string): Promise<Owner | null> {
  const [row] = await db
    .select({ agencyId: branches.agencyId, branchId: branches.id, agentId: agents.id })
    .from(users)
    .innerJoin(agents, eq(agents.id, users.agentId))
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(branches.agencyId, agencyId),
        eq(agents.enabled, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The branch's agent who signs with these initials (a Sabre PNR's creating agent). */
export async function ownerByInitials(
  db: Db,
  branch: { agencyId: number; branchId: number },
  initials: string,
): Promise<Owner | null> {
  const [row] = await db
    .select({ agentId: agents.id })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(
      and(
        eq(agents.branchId, branch.branchId),
        eq(branches.agencyId, branch.agencyId),
        eq(agents.initials, initials),
        eq(agents.enabled, true),
      ),
    )
    .limit(1);
  return row ? { ...branch, agentId: row.agentId } : null;
}

/**
 * The branch's agent that holds orders naming no agent of ours: made on first need, so the
 * branch's manager finds them in the branch's lists.
 */
export async function unassignedOwner(
  db: Db,
  agencyId: number,
  branchId: number,
): Promise<Owner | null> {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.agencyId, agencyId)));
  if (!branch) return null;
  // Two workers may make it at once: the initials are unique per branch, the loser reads it.
  await db
    .insert(agents)
    .values({ branchId, name: UNASSIGNED_NAME, initials: UNASSIGNED_INITIALS })
    .onConflictDoNothing();
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.branchId, branchId), eq(agents.initials, UNASSIGNED_INITIALS)));
  return agent ? { agencyId, branchId, agentId: agent.id } : null;
}

/**
 * The agency's booking of a provider's booking, through this connection or an earlier one of
 * the agency: one watched before a disconnect is the same booking when the agency connects
 * again. Duffel's are known by the order id, Sabre's by the locator.
 */
export async function findConnectionBooking(
  db: Db,
  connection: { id: number; agencyId: number },
  known:
    | { gdsId: typeof DUFFEL_GDS_ID; orderId: string }
    | { gdsId: typeof SABRE_GDS_ID; locator: string },
) {
  const [row] = await db
    .select({ id: bookings.id, connectionId: bookings.connectionId })
    .from(bookings)
    .where(
      and(
        eq(bookings.agencyId, connection.agencyId),
        eq(bookings.gdsId, known.gdsId),
        'orderId' in known
          ? eq(bookings.providerBookingId, known.orderId)
          : eq(bookings.pnrNumber, known.locator),
      ),
    )
    .orderBy(sql`${bookings.connectionId} = ${connection.id} desc`)
    .limit(1);
  return row ?? null;
}

/** Moves a booking of an earlier connection onto the live one, watched again from now. */
export async function adoptBooking(
  db: Db,
  bookingId: number,
  connectionId: number,
  now: Date,
): Promise<void> {
  await db
    .update(bookings)
    .set({ connectionId, monitored: true, nextCheckAt: now })
    .where(eq(bookings.id, bookingId));
}

/** The branch's PCC and the agent's initials: the sign a GDS would have put on the booking. */
export async function signOf(
  db: Db,
  owner: { branchId: number; agentId: number },
): Promise<{ pcc: string; initials: string } | null> {
  const [row] = await db
    .select({ pcc: branches.pcc, initials: agents.initials })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(and(eq(agents.id, owner.agentId), eq(branches.id, owner.branchId)));
  return row ?? null;
}

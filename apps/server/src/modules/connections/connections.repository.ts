import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  agencies,
  bookings,
  branches,
  gdsConnections,
  type ConnectionProvider,
  type ConnectionTest,
} from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

export type ConnectionRow = typeof gdsConnections.$inferSelect;

const monitoredCount = sql<number>`(
  select count(*)::int from ${bookings}
  where ${bookings.connectionId} = ${gdsConnections.id} and ${bookings.monitored}
)`;

// The PCCs a Sabre connection watches: its agency's enabled branches', as the sync reads them.
const watchedPccs = sql<string[]>`coalesce((
  select json_agg(watched.pcc order by watched.pcc) from ${branches} watched
  where watched.agency_id = ${gdsConnections.agencyId} and watched.enabled
), '[]'::json)`;

/**
 * Connections the caller's scope covers, each with its agency and default branch named and
 * the PCCs its agency's branches have.
 */
function selectConnections(db: Db, scope: Scope, where: SQL | undefined) {
  return db
    .select({
      connection: gdsConnections,
      agencyName: agencies.name,
      defaultBranchName: branches.name,
      bookingsMonitored: monitoredCount,
      watchedPccs,
    })
    .from(gdsConnections)
    .innerJoin(agencies, eq(agencies.id, gdsConnections.agencyId))
    .leftJoin(branches, eq(branches.id, gdsConnections.defaultBranchId))
    .where(and(inScope(scope, { agency: gdsConnections.agencyId }), where));
}

export type ConnectionView = Awaited<ReturnType<typeof selectConnections>>[number];

// An agency has a few connections; a super user's list of every agency's is bounded all the same.
const MAX_LISTED = 500;

export async function listConnections(db: Db, scope: Scope, agencyId: number | undefined) {
  return selectConnections(
    db,
    scope,
    agencyId === undefined ? undefined : eq(gdsConnections.agencyId, agencyId),
  )
    .orderBy(
      asc(agencies.name),
      asc(gdsConnections.status),
      asc(gdsConnections.provider),
      desc(gdsConnections.id),
    )
    .limit(MAX_LISTED);
}

/** One connection, only when the caller's scope covers its agency. */
export async function findConnectionInScope(db: Db, scope: Scope, id: number) {
  const [row] = await selectConnections(db, scope, eq(gdsConnections.id, id));
  return row ?? null;
}

/**
 * The PCCs a Sabre connection of `agencyId` watches, as the sync walks them (its agency's
 * enabled branches'), only where the caller's scope covers that agency.
 */
export async function watchedPccsOf(db: Db, scope: Scope, agencyId: number): Promise<string[]> {
  const rows = await db
    .select({ pcc: branches.pcc })
    .from(branches)
    .where(
      and(
        eq(branches.agencyId, agencyId),
        eq(branches.enabled, true),
        inScope(scope, { agency: branches.agencyId }),
      ),
    )
    .orderBy(asc(branches.pcc));
  return rows.map((row) => row.pcc);
}

export async function agencyInScope(db: Db, scope: Scope, agencyId: number) {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), inScope(scope, { agency: agencies.id })));
  return row ?? null;
}

export async function branchOfAgency(db: Db, agencyId: number, branchId: number) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.agencyId, agencyId)));
  return row ?? null;
}

export async function liveConnectionOf(db: Db, agencyId: number, provider: ConnectionProvider) {
  const [row] = await db
    .select({ id: gdsConnections.id })
    .from(gdsConnections)
    .where(
      and(
        eq(gdsConnections.agencyId, agencyId),
        eq(gdsConnections.provider, provider),
        eq(gdsConnections.status, 'ACTIVE'),
      ),
    );
  return row ?? null;
}

export async function insertConnection(
  tx: Db,
  values: typeof gdsConnections.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(gdsConnections).values(values).returning({ id: gdsConnections.id });
  if (!row) throw new Error('connection insert returned no row');
  return row.id;
}

export async function updateConnection(
  tx: Db,
  id: number,
  changes: Partial<typeof gdsConnections.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(gdsConnections)
    .set({ ...changes, updatedAt: now })
    .where(eq(gdsConnections.id, id));
}

export async function recordTest(tx: Db, id: number, test: ConnectionTest): Promise<void> {
  await tx.update(gdsConnections).set({ lastTest: test }).where(eq(gdsConnections.id, id));
}

/**
 * Stops watching the connection's bookings; their notifications and snapshots stay. The
 * simulator's also covers its agency's bookings recorded before connections existed.
 */
export async function stopMonitoring(
  tx: Db,
  connection: Pick<ConnectionRow, 'id' | 'agencyId' | 'provider'>,
): Promise<number> {
  const ofConnection = eq(bookings.connectionId, connection.id);
  const rows = await tx
    .update(bookings)
    .set({ monitored: false, nextCheckAt: null })
    .where(
      connection.provider === 'SIMULATOR'
        ? or(
            ofConnection,
            and(isNull(bookings.connectionId), eq(bookings.agencyId, connection.agencyId)),
          )
        : ofConnection,
    )
    .returning({ id: bookings.id });
  return rows.length;
}

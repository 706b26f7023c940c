import { count, getTableName, isTable, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as schema from '../schema';
import { agencies, agents, branches, gdsConnections, subscriptions, users } from '../schema';
import { DEMO_AGENCIES, DEMO_SUBSCRIPTIONS, DEMO_USERS } from './demo-organisation';

/** Empty means no organisation at all: a database someone already filled is left alone. */
export async function isOrganisationEmpty(db: Db): Promise<boolean> {
  const [agencyRows] = await db.select({ n: count() }).from(agencies);
  const [userRows] = await db.select({ n: count() }).from(users);
  return agencyRows?.n === 0 && userRows?.n === 0;
}

/** Makes the demo organisation of CONTRACT.md in one transaction. */
export async function seedDemoOrganisation(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const branchIds = new Map<string, { agencyId: number; branchId: number }>();
    const agencyIds = new Map<string, number>();
    for (const agency of DEMO_AGENCIES) {
      const [row] = await tx
        .insert(agencies)
        .values({ name: agency.name })
        .returning({ id: agencies.id });
      if (!row) throw new Error(`could not insert agency ${agency.name}`);
      agencyIds.set(agency.name, row.id);
      await tx.insert(gdsConnections).values({ agencyId: row.id, provider: 'SIMULATOR' });
      const inserted = await tx
        .insert(branches)
        .values(agency.branches.map((branch) => ({ ...branch, agencyId: row.id })))
        .returning({ id: branches.id, pcc: branches.pcc });
      for (const branch of inserted) {
        branchIds.set(branch.pcc, { agencyId: row.id, branchId: branch.id });
      }
    }

    for (const user of DEMO_USERS) {
      const place = user.branch ? branchIds.get(user.branch) : undefined;
      let agentId: number | null = null;
      if (place && user.agentInitials) {
        const [agent] = await tx
          .insert(agents)
          .values({ branchId: place.branchId, name: user.name, initials: user.agentInitials })
          .returning({ id: agents.id });
        agentId = agent?.id ?? null;
      }
      await tx.insert(users).values({
        name: user.name,
        email: user.email,
        // The organisation vouches for its people's e-mail (docs/decisions/024).
        emailConfirmedAt: new Date(),
        phone: user.phone,
        roles: [user.role],
        agencyId: user.agency ? (agencyIds.get(user.agency) ?? null) : null,
        branchId: place?.branchId ?? null,
        agentId,
      });
    }
  });
}

/**
 * The demo's subscriptions: every branch hears of every process by push, so a demo user who
 * turns push on in their browser gets what the engine raises for them at once.
 */
export async function seedDemoSubscriptions(db: Db): Promise<void> {
  const rows = await db.select({ id: branches.id }).from(branches);
  const values = rows.flatMap((branch) =>
    DEMO_SUBSCRIPTIONS.processes.map((process) => ({
      process,
      branchId: branch.id,
      media: DEMO_SUBSCRIPTIONS.media,
    })),
  );
  if (values.length > 0) await db.insert(subscriptions).values(values).onConflictDoNothing();
}

/** Every table of the product, emptied with its identities restarted. */
export async function clearDatabase(db: Db): Promise<void> {
  const names = Object.values(schema)
    .filter(isTable)
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

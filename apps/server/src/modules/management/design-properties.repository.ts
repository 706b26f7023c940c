import { eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { designProperties } from '@/db/schema';

// The design_properties rows the design page reads and writes: one per agency that has its
// own, and the default (no agency). Only super users reach them, so no scope narrows them.

export type DesignRow = { header: string | null; footer: string | null };

const ofAgency = (agencyId: number | null) =>
  agencyId === null ? isNull(designProperties.agencyId) : eq(designProperties.agencyId, agencyId);

/** An agency's own design (or the default's, `null`), or null when it has none. */
export async function findDesign(db: Db, agencyId: number | null): Promise<DesignRow | null> {
  const [row] = await db
    .select({ header: designProperties.headerHtml, footer: designProperties.footerHtml })
    .from(designProperties)
    .where(ofAgency(agencyId));
  return row ?? null;
}

/** Stores an agency's (or the default's) design in place of what it had. */
export async function saveDesign(
  tx: Db,
  agencyId: number | null,
  design: DesignRow,
  now: Date,
): Promise<void> {
  const values = { headerHtml: design.header, footerHtml: design.footer, updatedAt: now };
  const updated = await tx
    .update(designProperties)
    .set(values)
    .where(ofAgency(agencyId))
    .returning({ id: designProperties.id });
  if (updated.length === 0) await tx.insert(designProperties).values({ agencyId, ...values });
}

import { SETTINGS_PROCESSES, type Process } from '@smt/shared';
import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, branches, processSettings } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';
import { containsText, type Page } from './management-query';

// Branches with their process settings rows, as the process settings pages read and write
// them. Every read of branches takes the caller's scope; writes are by branch after the
// service has found the branch in scope.

export type SettingsFilter = {
  name?: string | undefined;
  agencyId?: number | undefined;
  branchId?: number | undefined;
};

export type SettingsBranch = {
  branchId: number;
  branchName: string;
  pcc: string;
  agencyId: number;
  agencyName: string;
};

export type SettingsRow = typeof processSettings.$inferSelect;
export type NewSettingsRow = typeof processSettings.$inferInsert;

const branchWhere = (scope: Scope, filter: SettingsFilter): SQL | undefined =>
  and(
    inScope(scope, { agency: branches.agencyId, branch: branches.id }),
    containsText(filter.name, branches.name, branches.pcc),
    filter.agencyId === undefined ? undefined : eq(branches.agencyId, filter.agencyId),
    filter.branchId === undefined ? undefined : eq(branches.id, filter.branchId),
  );

const branchColumns = {
  branchId: branches.id,
  branchName: branches.name,
  pcc: branches.pcc,
  agencyId: branches.agencyId,
  agencyName: agencies.name,
};

/** The branches of a search in the list's order (by PCC); a page of them when `page` is given. */
export async function selectSettingsBranches(
  db: Db,
  scope: Scope,
  filter: SettingsFilter,
  page?: Page,
): Promise<SettingsBranch[]> {
  const query = db
    .select(branchColumns)
    .from(branches)
    .innerJoin(agencies, eq(agencies.id, branches.agencyId))
    .where(branchWhere(scope, filter))
    .orderBy(asc(branches.pcc), asc(branches.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countSettingsBranches(
  db: Db,
  scope: Scope,
  filter: SettingsFilter,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(branches).where(branchWhere(scope, filter));
  return row?.n ?? 0;
}

/** One branch, or null when it does not exist inside the scope. */
export async function findSettingsBranch(
  db: Db,
  scope: Scope,
  branchId: number,
): Promise<SettingsBranch | null> {
  const [row] = await selectSettingsBranches(db, scope, { branchId });
  return row ?? null;
}

/** The default rows and the rows of the given branches. */
export async function selectSettingsRows(db: Db, branchIds: number[]): Promise<SettingsRow[]> {
  return db
    .select()
    .from(processSettings)
    .where(
      branchIds.length === 0
        ? isNull(processSettings.branchId)
        : or(isNull(processSettings.branchId), inArray(processSettings.branchId, branchIds)),
    );
}

const ownedBy = (branchId: number | null) =>
  and(
    branchId === null ? isNull(processSettings.branchId) : eq(processSettings.branchId, branchId),
    inArray(processSettings.process, [...SETTINGS_PROCESSES]),
  );

/** Whether a branch has any settings of its own. */
export async function hasOwnSettings(db: Db, branchId: number): Promise<boolean> {
  const rows = await db
    .select({ id: processSettings.id })
    .from(processSettings)
    .where(ownedBy(branchId))
    .limit(1);
  return rows.length > 0;
}

/** Replaces the rows of a branch (or of the default, `null`) for the processes the pages set. */
export async function replaceSettings(
  tx: Db,
  branchId: number | null,
  rows: readonly (NewSettingsRow & { process: Process })[],
): Promise<void> {
  await tx.delete(processSettings).where(ownedBy(branchId));
  if (rows.length > 0) await tx.insert(processSettings).values([...rows]);
}

/** Drops a branch's own rows; answers how many there were. */
export async function deleteOwnSettings(tx: Db, branchId: number): Promise<number> {
  const deleted = await tx
    .delete(processSettings)
    .where(ownedBy(branchId))
    .returning({ id: processSettings.id });
  return deleted.length;
}

import type { PnrListItem, PnrListResponse } from '@smt/shared';

/** The page with the rows a refresh answered put in place of their older selves (by id). */
export function withUpdatedRows(
  page: PnrListResponse,
  updates: readonly PnrListItem[],
): PnrListResponse {
  const byId = new Map(updates.map((row) => [row.id, row]));
  if (!page.pnrs.some((row) => byId.has(row.id))) return page;
  return { ...page, pnrs: page.pnrs.map((row) => byId.get(row.id) ?? row) };
}

/** The distinct refreshes still running among the rows, in a stable order. */
export function refreshingJobsOf(rows: readonly PnrListItem[] | undefined): string[] {
  const jobs = new Set<string>();
  for (const row of rows ?? []) {
    if (row.updateWillAvailable && row.syncJobId) jobs.add(row.syncJobId);
  }
  return [...jobs].sort();
}

import { dashboardCalls, type SAVING_REPORTS } from '@smt/shared';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type SavingReport = (typeof SAVING_REPORTS)[number];

/** A saving chart's figures as an .xlsx file, saved under the name the server gives. */
export async function downloadSavingXls(
  report: SavingReport,
  request: DashboardRequest,
): Promise<void> {
  const file = await api.callForFile(dashboardCalls.savingXls, { query: { ...request, report } });
  // Used only when the server names no file.
  saveFile(file.blob, file.filename ?? `${report}.xlsx`);
}

import { dashboardCalls, type MonthlyReport } from '@smt/shared';
import type { DashboardScope } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * A monthly overview chart's figures as an .xlsx file, saved under the name the server gives.
 * The window is the server's, as for the chart, so only the scope is sent.
 */
export async function downloadMonthlyXls(
  report: MonthlyReport,
  scope: DashboardScope,
): Promise<void> {
  const file = await api.callForFile(dashboardCalls.monthlyXls, {
    query: { type: scope.type, id: [...scope.ids], report },
  });
  // Used only when the server names no file.
  saveFile(file.blob, file.filename ?? `${report}.xlsx`);
}

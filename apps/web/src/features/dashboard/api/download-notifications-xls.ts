import { dashboardCalls, type AdmKind, type NOTIFICATION_REPORTS } from '@smt/shared';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type NotificationReport = (typeof NOTIFICATION_REPORTS)[number];

/** A notification chart's figures as an .xlsx file; the ADM chart adds its dropdown's kind. */
export async function downloadNotificationsXls(
  report: NotificationReport,
  request: DashboardRequest,
  notifType?: AdmKind,
): Promise<void> {
  const file = await api.callForFile(dashboardCalls.notificationsXls, {
    query: {
      ...request,
      report,
      notifType,
    },
  });
  // Used only when the server names no file.
  saveFile(file.blob, file.filename ?? `${report}.xlsx`);
}

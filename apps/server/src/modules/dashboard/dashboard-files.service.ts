import type { AdmKind, MonthlyReport } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import { allInScope } from '@/modules/notifications';
import {
  notificationSheet,
  savingSheet,
  type NotificationReport,
  type SavingReport,
  type SheetRequest,
} from './dashboard-sheets';
import { fail } from './dashboard.errors';
import type { DashboardFigures } from './dashboard.service';
import { monthlySheet } from './monthly-sheets';
import { subscriptionReport, type SubscriptionReportRow } from './subscription-report';

// The dashboard's downloads (SPEC §7.3): each chart's sheet is read through the same figures
// as its chart, so a file never tells another story than the screen.

export function createDashboardFiles(deps: { db: Db; figures: DashboardFigures }) {
  const { db, figures } = deps;

  return {
    /** Which agent gets which process by e-mail and by push, of the agencies named or all. */
    async subscriptions(scope: Scope, agencyIds: number[]): Promise<SubscriptionReportRow[]> {
      if (!(await allInScope(db, scope, { agencyIds, branchIds: [], agentIds: [] }))) {
        throw fail('dashboard.agency-outside', 'You may not see the subscriptions of that agency.');
      }
      return subscriptionReport(db, scope, agencyIds);
    },

    savingSheet: (report: SavingReport, request: SheetRequest) =>
      savingSheet(report, { ...request, figures }),

    notificationSheet: (report: NotificationReport, request: SheetRequest & { kind: AdmKind }) =>
      notificationSheet(report, { ...request, figures }),

    monthlySheet: (report: MonthlyReport, request: SheetRequest) =>
      monthlySheet(report, { ...request, figures }),
  };
}

import type { z } from 'zod';
import { ROUTES } from '../routes';
import {
  AdmPerAirlineResponse,
  AdmQuery,
  AgentSubscriptionsQuery,
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  CreditTotalsResponse,
  CustomerNumberSavingResponse,
  DashboardQuery,
  MonthlyStatResponse,
  MonthlyXlsQuery,
  NotificationsXlsQuery,
  PnrPriceData,
  SavingPeriodsResponse,
  SavingTotals,
  SavingXlsQuery,
} from '../schemas/dashboard';
import type { Refusal } from '../refusals/refusals';
import { defineCall, pathsOf } from './define-call';

// The dashboard's calls (SPEC §7.3): its figures and its files, all GETs of the dashboard's
// filter, for whoever may open the dashboard.

/** A figure's or a file's refusals: its dates outside SPEC §5's window, its audience outside. */
const refusals = [
  'dashboard.dates-out-of-range',
  'dashboard.audience-outside',
] as const satisfies readonly Refusal[];

const figure = <const Path extends string, Query extends z.ZodType, Answer extends z.ZodType>(
  path: Path,
  query: Query,
  answer: Answer,
) => defineCall({ method: 'GET', path, access: ROUTES.dashboard, query, answer, refusals });

/** A file: its bytes are the answer. */
const file = <const Path extends string, Query extends z.ZodType>(
  path: Path,
  query: Query,
  refused: readonly Refusal[] = refusals,
) => defineCall({ method: 'GET', path, access: ROUTES.dashboard, query, refusals: refused });

export const dashboardCalls = {
  completedVsTotal: figure(
    'admin/dashboard/completed-vs-total-notifications',
    DashboardQuery,
    CompletedVsTotalResponse,
  ),
  potentialVsActual: figure(
    'admin/dashboard/saving/potential-vs-actual',
    DashboardQuery,
    SavingTotals,
  ),
  savingPerAirline: figure(
    'admin/dashboard/saving/per-airline',
    DashboardQuery,
    AirlineSavingResponse,
  ),
  potentialVsActualByPeriod: figure(
    'admin/dashboard/saving/potential-vs-actual-by-period',
    DashboardQuery,
    SavingPeriodsResponse,
  ),
  savingPerCustomerNumber: figure(
    'admin/dashboard/saving/per-customer-number',
    DashboardQuery,
    CustomerNumberSavingResponse,
  ),
  admPerAirline: figure('admin/dashboard/adm-per-airline', AdmQuery, AdmPerAirlineResponse),
  youngPqs: figure('admin/dashboard/young-pqs', DashboardQuery, PnrPriceData),
  credits: figure('admin/dashboard/credits', DashboardQuery, CreditTotalsResponse),
  monthlyStat: figure(
    'admin/dashboard/notification-monthly-stat',
    DashboardQuery,
    MonthlyStatResponse,
  ),
  completedVsTotalCsv: file('admin/dashboard/completed-vs-total-notifications/csv', DashboardQuery),
  admPerAirlineCsv: file('admin/dashboard/adm-per-airline/csv', AdmQuery),
  agentSubscriptionsCsv: file('admin/health/agent-subscriptions/csv', AgentSubscriptionsQuery, [
    'dashboard.agency-outside',
  ]),
  savingXls: file('admin/dashboard/export/saving/xls', SavingXlsQuery),
  notificationsXls: file('admin/dashboard/export/notifications/xls', NotificationsXlsQuery),
  monthlyXls: file('admin/dashboard/export/monthly/xls', MonthlyXlsQuery),
};

/** Each dashboard call's path under /api, for a caller that names it (a test, say). */
export const DASHBOARD_CALLS = pathsOf(dashboardCalls);

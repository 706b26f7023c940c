import type { AdmKind } from '@smt/shared';
import type {
  DashboardRequest,
  DashboardScope,
} from '@/features/dashboard/utils/dashboard-request';

// Every dashboard query lives under 'dashboard', one key per call and its parameters.
const DASHBOARD_ROOT_KEY = 'dashboard';

export const dashboardKeys = {
  all: [DASHBOARD_ROOT_KEY] as const,
  completedVsTotal: (request: DashboardRequest) =>
    [DASHBOARD_ROOT_KEY, 'completed-vs-total', request] as const,
  potentialVsActual: (request: DashboardRequest) =>
    [DASHBOARD_ROOT_KEY, 'potential-vs-actual', request] as const,
  savingPerPeriod: (request: DashboardRequest) =>
    [DASHBOARD_ROOT_KEY, 'saving-per-period', request] as const,
  savingPerAirline: (request: DashboardRequest) =>
    [DASHBOARD_ROOT_KEY, 'saving-per-airline', request] as const,
  savingPerCustomerNumber: (request: DashboardRequest) =>
    [DASHBOARD_ROOT_KEY, 'saving-per-customer-number', request] as const,
  admPerAirline: (request: DashboardRequest, notifType: AdmKind) =>
    [DASHBOARD_ROOT_KEY, 'adm-per-airline', request, notifType] as const,
  youngPqs: (request: DashboardRequest) => [DASHBOARD_ROOT_KEY, 'young-pqs', request] as const,
  credits: (request: DashboardRequest) => [DASHBOARD_ROOT_KEY, 'credits', request] as const,
  monthlyStat: (scope: DashboardScope) =>
    [DASHBOARD_ROOT_KEY, 'monthly-stat', scope.type, [...scope.ids]] as const,
};

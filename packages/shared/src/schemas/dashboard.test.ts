import { describe, expect, it } from 'vitest';
import { validationMessages as messages } from '../messages';
import {
  AdmQuery,
  DashboardQuery,
  dashboardDateIssues,
  dashboardWindowMonths,
  defaultNotificationRange,
  NotificationsXlsQuery,
} from './dashboard';

describe('DashboardQuery', () => {
  it('should read the scope, dates and date type from a query string', () => {
    expect(
      DashboardQuery.parse({
        type: 'Branch',
        id: '3,4',
        notificationDateFrom: '2026-11-01',
        notificationDateTo: '2026-11-24',
        dateFilter: 'DEPARTURE',
        from: '2026-12-01',
        to: '2026-12-31',
      }),
    ).toEqual({
      type: 'Branch',
      id: [3, 4],
      notificationDateFrom: '2026-11-01',
      notificationDateTo: '2026-11-24',
      dateFilter: 'DEPARTURE',
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('should default to the whole scope by creation date', () => {
    expect(DashboardQuery.parse({})).toEqual({ type: 'Agency', id: [], dateFilter: 'CREATION' });
  });

  it('should need both ends of each range, in order', () => {
    const issues = (input: object) =>
      DashboardQuery.safeParse(input).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues({ notificationDateFrom: '2026-11-01' })).toEqual([
      ['notificationDateTo', messages.dateRangeBothEnds],
    ]);
    expect(issues({ from: '2026-11-02', to: '2026-11-01' })).toEqual([
      ['to', messages.dateRangeOrder],
    ]);
    expect(DashboardQuery.safeParse({ type: 'Planet' }).success).toBe(false);
    expect(DashboardQuery.safeParse({ id: 'x' }).success).toBe(false);
  });

  it('should take the ADM kind and the report of a download', () => {
    expect(AdmQuery.parse({ notifType: 'Cancellation' }).notifType).toBe('Cancellation');
    expect(AdmQuery.parse({}).notifType).toBe('All');
    expect(NotificationsXlsQuery.safeParse({ report: 'PotentialVsActual' }).success).toBe(false);
    expect(NotificationsXlsQuery.parse({ report: 'AdmPerAirline' }).report).toBe('AdmPerAirline');
  });
});

describe('dashboard dates', () => {
  it('should default to this month, or the previous one on the 1st', () => {
    expect(defaultNotificationRange('2026-11-24')).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(defaultNotificationRange('2026-11-01')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(defaultNotificationRange('2026-01-01')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('should let super users look back 36 months and others 6, never into the future', () => {
    const limits = (superUser: boolean) => ({
      today: '2026-11-24',
      earliestToday: '2026-11-24',
      months: dashboardWindowMonths(superUser),
    });
    const range = { notificationDateFrom: '2025-01-01', notificationDateTo: '2026-11-25' };
    expect(dashboardDateIssues(range, limits(false))).toEqual({
      notificationDateFrom: messages.dateTooFarBack,
      notificationDateTo: messages.dateInFuture,
    });
    expect(dashboardDateIssues(range, limits(true))).toEqual({
      notificationDateTo: messages.dateInFuture,
    });
    expect(
      dashboardDateIssues({ notificationDateFrom: '2023-11-23' }, limits(true))
        .notificationDateFrom,
    ).toBe('The date cannot be more than 36 months back');
  });
});

import { describe, expect, it } from 'vitest';
import {
  dashboardDateLimits,
  dashboardDatesIssues,
  type DashboardDates,
} from '@/features/dashboard/utils/dashboard-dates';

const TODAY = '2026-06-15';
const MANAGER = dashboardDateLimits(TODAY, false);
const SUPER_USER = dashboardDateLimits(TODAY, true);

const dates = (overrides: Partial<DashboardDates>): DashboardDates => ({
  notificationDateFrom: '2026-06-01',
  notificationDateTo: TODAY,
  dateFilter: 'CREATION',
  from: '',
  to: '',
  ...overrides,
});

describe('the dashboard dates', () => {
  it('should accept a range reaching exactly 6 months back for a manager', () => {
    expect(dashboardDatesIssues(dates({ notificationDateFrom: '2025-12-15' }), MANAGER)).toEqual(
      {},
    );
  });

  it('should refuse a range reaching past 6 months back for a manager', () => {
    expect(dashboardDatesIssues(dates({ notificationDateFrom: '2025-12-14' }), MANAGER)).toEqual({
      notificationDateFrom: 'The date cannot be more than 6 months back',
    });
  });

  it('should accept a range reaching 36 months back for a super user', () => {
    expect(dashboardDatesIssues(dates({ notificationDateFrom: '2023-06-15' }), SUPER_USER)).toEqual(
      {},
    );
  });

  it('should refuse a range reaching past 36 months back for a super user', () => {
    expect(dashboardDatesIssues(dates({ notificationDateFrom: '2023-06-14' }), SUPER_USER)).toEqual(
      { notificationDateFrom: 'The date cannot be more than 36 months back' },
    );
  });

  it('should refuse a notification date in the future for anyone', () => {
    const future = dates({ notificationDateTo: '2026-06-16' });

    expect(dashboardDatesIssues(future, MANAGER)).toEqual({
      notificationDateTo: 'The date cannot be in the future',
    });
    expect(dashboardDatesIssues(future, SUPER_USER)).toEqual({
      notificationDateTo: 'The date cannot be in the future',
    });
  });

  it('should ask for the other end when a range has one', () => {
    expect(dashboardDatesIssues(dates({ notificationDateTo: '' }), MANAGER)).toEqual({
      notificationDateTo: 'Both dates of the range are required',
    });
    expect(dashboardDatesIssues(dates({ from: '2026-07-01' }), MANAGER)).toEqual({
      to: 'Both dates of the range are required',
    });
  });

  it('should refuse a range that ends before it starts', () => {
    expect(
      dashboardDatesIssues(
        dates({ notificationDateFrom: '2026-06-10', notificationDateTo: '2026-06-09' }),
        MANAGER,
      ),
    ).toEqual({ notificationDateTo: 'The end date cannot be before the start date' });
  });

  it('should let the PNR range reach into the future when departures are chosen', () => {
    expect(
      dashboardDatesIssues(
        dates({ dateFilter: 'DEPARTURE', from: '2026-07-01', to: '2027-01-31' }),
        MANAGER,
      ),
    ).toEqual({});
  });

  it("should show the product's window when a PNR date lies outside it", () => {
    expect(
      dashboardDatesIssues(
        dates({ dateFilter: 'DEPARTURE', from: '2026-07-01', to: '9999-12-31' }),
        MANAGER,
      ),
    ).toEqual({ to: 'The date must be between 01/01/2000 and 31/12/2099' });
  });

  it('should refuse a day that does not exist', () => {
    expect(dashboardDatesIssues(dates({ notificationDateFrom: '2026-02-30' }), MANAGER)).toEqual({
      notificationDateFrom: 'Not a real date',
    });
  });
});

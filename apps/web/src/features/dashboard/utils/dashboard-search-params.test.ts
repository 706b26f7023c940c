import { describe, expect, it } from 'vitest';
import {
  readDashboardSearch,
  writeDashboardSearch,
  type DashboardSearch,
} from '@/features/dashboard/utils/dashboard-search-params';

const TODAY = '2026-06-15';

const SEARCH: DashboardSearch = {
  view: 'monthly',
  dates: {
    notificationDateFrom: '2026-04-01',
    notificationDateTo: '2026-05-31',
    dateFilter: 'TICKETING',
    from: '2026-03-01',
    to: '2026-03-31',
  },
  organisation: { agencyIds: [3], branchIds: [8, 7], agentIds: [12] },
};

describe('the dashboard query string', () => {
  it('should read back what was written when every part is set', () => {
    const params = writeDashboardSearch(new URLSearchParams(), SEARCH);

    expect(params.toString()).toBe(
      'view=monthly&nf=2026-04-01&nt=2026-05-31&dt=TICKETING&from=2026-03-01&to=2026-03-31&org=a3_b7.8_g12',
    );
    expect(readDashboardSearch(params, TODAY)).toEqual({
      ...SEARCH,
      organisation: { agencyIds: [3], branchIds: [7, 8], agentIds: [12] },
    });
  });

  it('should keep the filter and other parameters when the view switches', () => {
    const before = writeDashboardSearch(new URLSearchParams('keep=1'), SEARCH);

    const after = writeDashboardSearch(before, { view: 'detailed' });

    expect(after.get('view')).toBe('detailed');
    expect(after.get('keep')).toBe('1');
    expect(readDashboardSearch(after, TODAY)).toEqual({
      ...readDashboardSearch(before, TODAY),
      view: 'detailed',
    });
  });

  it('should keep the dates when the organisation selection changes', () => {
    const before = writeDashboardSearch(new URLSearchParams(), SEARCH);

    const after = writeDashboardSearch(before, {
      organisation: { agencyIds: [], branchIds: [], agentIds: [] },
    });

    expect(after.has('org')).toBe(false);
    expect(readDashboardSearch(after, TODAY).dates).toEqual(SEARCH.dates);
  });

  it('should leave the defaults and empty dates out when they are written', () => {
    const params = writeDashboardSearch(new URLSearchParams(), {
      dates: {
        notificationDateFrom: '2026-06-01',
        notificationDateTo: '2026-06-15',
        dateFilter: 'CREATION',
        from: '',
        to: '',
      },
    });

    expect(params.toString()).toBe('nf=2026-06-01&nt=2026-06-15');
  });

  it('should be the detailed view of this month so far when the query string is empty', () => {
    expect(readDashboardSearch(new URLSearchParams(), TODAY)).toEqual({
      view: 'detailed',
      dates: {
        notificationDateFrom: '2026-06-01',
        notificationDateTo: '2026-06-15',
        dateFilter: 'CREATION',
        from: '',
        to: '',
      },
      organisation: { agencyIds: [], branchIds: [], agentIds: [] },
    });
  });

  it('should default to the whole previous month when today is the 1st', () => {
    const { dates } = readDashboardSearch(new URLSearchParams(), '2026-03-01');

    expect([dates.notificationDateFrom, dates.notificationDateTo]).toEqual([
      '2026-02-01',
      '2026-02-28',
    ]);
  });

  it('should default across the year when today is the 1st of January', () => {
    const { dates } = readDashboardSearch(new URLSearchParams(), '2027-01-01');

    expect([dates.notificationDateFrom, dates.notificationDateTo]).toEqual([
      '2026-12-01',
      '2026-12-31',
    ]);
  });

  it('should keep a half range as typed so the page can say what is missing', () => {
    const { dates } = readDashboardSearch(new URLSearchParams('nf=2026-06-02'), TODAY);

    expect([dates.notificationDateFrom, dates.notificationDateTo]).toEqual(['2026-06-02', '']);
  });

  it('should fall back to the defaults when the values are unreadable', () => {
    const search = readDashboardSearch(new URLSearchParams('view=weekly&dt=ARRIVAL&org=x1'), TODAY);

    expect(search.view).toBe('detailed');
    expect(search.dates.dateFilter).toBe('CREATION');
    expect(search.organisation).toEqual({ agencyIds: [], branchIds: [], agentIds: [] });
  });
});

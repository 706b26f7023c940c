import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardDates } from '@/features/dashboard/utils/dashboard-dates';
import { localDay } from '@/lib/local-day';
import {
  readDashboardSearch,
  writeDashboardSearch,
  type DashboardSearch,
  type DashboardView,
} from '@/features/dashboard/utils/dashboard-search-params';
import type { OrganisationIds } from '@/features/dashboard/utils/organisation-param';

/**
 * The dashboard's view and filter, kept in the query string. Edits replace the history entry:
 * typing a date is not a page to go back to.
 */
export function useDashboardSearchParams() {
  const [params, setParams] = useSearchParams();
  // The user's own today, read once: what 'the future' and the default range mean to them.
  const [today] = useState(() => localDay(new Date()));
  const search = readDashboardSearch(params, today);

  const update = (change: Partial<DashboardSearch>) =>
    setParams((current) => writeDashboardSearch(current, change), { replace: true });

  return {
    ...search,
    today,
    setView: (view: DashboardView) => update({ view }),
    setDates: (dates: DashboardDates) => update({ dates }),
    setOrganisation: (organisation: OrganisationIds) => update({ organisation }),
  };
}

export type DashboardSearchState = ReturnType<typeof useDashboardSearchParams>;

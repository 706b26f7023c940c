import { useState } from 'react';
import type { DashboardDates } from '@/features/dashboard/utils/dashboard-dates';

const sameDates = (a: DashboardDates, b: DashboardDates) =>
  a.notificationDateFrom === b.notificationDateFrom &&
  a.notificationDateTo === b.notificationDateTo &&
  a.dateFilter === b.dateFilter &&
  a.from === b.from &&
  a.to === b.to;

/**
 * The dates the charts are drawn for: the ones on screen when they are valid, else the last
 * valid ones (or `fallback` when there never were any), so an invalid range is never sent and
 * the charts stay as they were while it is being corrected.
 */
export function useAppliedDates(
  valid: DashboardDates | null,
  fallback: () => DashboardDates,
): DashboardDates {
  const [lastValid, setLastValid] = useState(() => valid ?? fallback());
  if (valid !== null && !sameDates(valid, lastValid)) setLastValid(valid);
  return valid ?? lastValid;
}

import { errorMessages } from '@smt/shared';
import { EmptyState } from '@/components/ui/empty-state';

/** Every call of the view answered nothing (SPEC §8). */
export function DashboardNoData() {
  return (
    <EmptyState
      title={errorMessages.dashboardNoDataTitle}
      text={errorMessages.dashboardNoDataText}
    />
  );
}

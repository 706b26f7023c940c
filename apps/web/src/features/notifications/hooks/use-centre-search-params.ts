import { NotificationSort, NotificationView } from '@smt/shared';
import { useSearchParams } from 'react-router';
import {
  encodeCentreFilter,
  parseCentreFilter,
  type CentreFilterState,
} from '@/features/notifications/utils/centre-filter-param';

const DEFAULT_VIEW: NotificationView = 'PENDING';
const DEFAULT_SORT: NotificationSort = 'newest';

/**
 * The screen's view and filter, kept in the query string (SPEC §2.4) so a reload or a shared
 * link shows the same lists. Defaults are left out of the URL; anything unreadable is the default.
 */
export function useCentreSearchParams() {
  const [params, setParams] = useSearchParams();
  const view = NotificationView.safeParse(params.get('view')).data ?? DEFAULT_VIEW;
  const filter = parseCentreFilter(params.get('filter'));
  const sort = NotificationSort.safeParse(params.get('sort')).data ?? DEFAULT_SORT;

  const update = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    view,
    filter,
    /** The order of every column: `sort=oldest` or `sort=deadline`; newest is left out. */
    sort,
    setView: (next: NotificationView) => update('view', next === DEFAULT_VIEW ? null : next),
    setSort: (next: NotificationSort) => update('sort', next === DEFAULT_SORT ? null : next),
    setFilter: (next: CentreFilterState) => update('filter', encodeCentreFilter(next)),
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import {
  loadedNotifications,
  type NotificationListPages,
} from '@/features/notifications/api/get-notification-list';
import { isCentreCardSelectable } from '@/features/notifications/utils/centre-card-rules';
import type { CentreListQuery } from '@/features/notifications/utils/centre-list-query';

export type CentreSelection = {
  selected: ReadonlySet<number>;
  toggle: (id: number, checked: boolean) => void;
  /** Every loaded notification of the given lists that can be selected. */
  selectAll: () => void;
  clear: () => void;
  unselect: (ids: readonly number[]) => void;
  /** The selected ids still in the loaded lists (a refresh may have taken some away). */
  selectedLoaded: () => number[];
};

const NONE: ReadonlySet<number> = new Set();

/**
 * The centre's selection. It belongs to the lists it was made on: another view or filter
 * starts with nothing selected. `selectable` are the lists 'Select all' takes (the open ones).
 */
export function useCentreSelection(
  queries: readonly CentreListQuery[],
  selectable: readonly CentreListQuery[] = queries,
): CentreSelection {
  const queryClient = useQueryClient();
  const context = JSON.stringify(queries);
  const [state, setState] = useState({ context, ids: NONE });
  const selected = state.context === context ? state.ids : NONE;

  const update = (next: (ids: ReadonlySet<number>) => ReadonlySet<number>) =>
    setState((previous) => ({
      context,
      ids: next(previous.context === context ? previous.ids : NONE),
    }));

  const loadedIds = (lists: readonly CentreListQuery[]) =>
    lists.flatMap((query) =>
      loadedNotifications(
        queryClient.getQueryData<NotificationListPages>(notificationKeys.list(query)),
      )
        .filter(isCentreCardSelectable)
        .map((item) => item.notification_id),
    );

  return {
    selected,
    toggle: (id, checked) =>
      update((ids) => {
        const next = new Set(ids);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    selectAll: () => update((ids) => new Set([...ids, ...loadedIds(selectable)])),
    clear: () => update(() => NONE),
    unselect: (gone) => update((ids) => new Set([...ids].filter((id) => !gone.includes(id)))),
    selectedLoaded: () => {
      const loaded = new Set(loadedIds(queries));
      return [...selected].filter((id) => loaded.has(id));
    },
  };
}

import type { Media, Process, SubscriptionSettings } from '@smt/shared';
import { useMemo, useState } from 'react';
import {
  channelKey,
  newRowOf,
  subscriptionChanges,
  tableRowsOf,
  type SubscriptionTableRow,
  type SubscriptionTarget,
} from '@/features/subscriptions/utils/subscription-rows';

/**
 * The table being edited over the one last read. The caller mounts it afresh (by key) each
 * time the server's answer changes, so a reload starts from what was saved.
 */
export function useSubscriptionEditor(settings: SubscriptionSettings) {
  const [saved] = useState(() => tableRowsOf(settings));
  const [rows, setRows] = useState<SubscriptionTableRow[]>(saved);
  const changes = useMemo(() => subscriptionChanges(saved, rows), [saved, rows]);

  const toggle = (rowKey: string, process: Process, media: Media, on: boolean) =>
    setRows((current) =>
      current.map((row) => {
        if (row.key !== rowKey) return row;
        const ticked = new Set(row.ticked);
        if (on) ticked.add(channelKey(process, media));
        else ticked.delete(channelKey(process, media));
        return { ...row, ticked };
      }),
    );

  const remove = (rowKey: string) =>
    setRows((current) => current.filter((row) => row.key !== rowKey));

  /** A new row ticked by `media` for every process running; false when the table has it. */
  const add = (target: SubscriptionTarget, media: Media, running?: readonly Process[]): boolean => {
    const row = newRowOf(target, media, running);
    if (rows.some((existing) => existing.key === row.key)) return false;
    setRows((current) => [...current, row]);
    return true;
  };

  return { rows, changes, modified: changes.length > 0, toggle, remove, add };
}

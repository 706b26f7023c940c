import type { Media, Process } from '@smt/shared';
import type { RowView } from '@/features/subscriptions/utils/row-view';
import type { SubscriptionTableRow } from '@/features/subscriptions/utils/subscription-rows';

/** What the table and the phone cards both show and do. */
export type SubscriptionViewProps = {
  rows: readonly SubscriptionTableRow[];
  viewOf: (row: SubscriptionTableRow) => RowView;
  onToggle: (row: SubscriptionTableRow, process: Process, media: Media, on: boolean) => void;
  onRemove: (row: SubscriptionTableRow) => void;
};

import {
  COUNTER_KEY_OF_GROUP,
  type ListGroup,
  type NotificationSubtype,
  type UnreadCounterKey,
  type UnreadCountersResponse,
} from '@smt/shared';

function counterKeyOf(group: ListGroup): UnreadCounterKey {
  return group === 'RECENT' ? 'recent' : COUNTER_KEY_OF_GROUP[group];
}

/**
 * A column's new (unread) count: the pending bucket counts Pending, the complete bucket
 * Complete and Failed, so a column showing both sums the two.
 */
export function centreNewCount(
  counters: UnreadCountersResponse | undefined,
  group: ListGroup,
  subtypes: readonly NotificationSubtype[],
): number | null {
  if (!counters) return null;
  const key = counterKeyOf(group);
  const pending = subtypes.includes('Pending') ? counters.pending[key] : 0;
  const complete =
    subtypes.includes('Complete') || subtypes.includes('Failed') ? counters.complete[key] : 0;
  return pending + complete;
}

import { BULK_IDS_MAX } from '@smt/shared';

/**
 * Sends a selection in calls of at most BULK_IDS_MAX ids, one after another, and adds up what
 * each call counted: a long selection is never refused for its length.
 */
export async function inIdBatches(
  ids: readonly number[],
  send: (batch: number[]) => Promise<number>,
): Promise<number> {
  let counted = 0;
  for (let start = 0; start < ids.length; start += BULK_IDS_MAX) {
    counted += await send(ids.slice(start, start + BULK_IDS_MAX));
  }
  return counted;
}

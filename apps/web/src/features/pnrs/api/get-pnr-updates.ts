import { pnrCalls } from '@smt/shared';
import { api } from '@/lib/api-client';

/** The rows of one refresh as they are now; a row still `updateWillAvailable` is not done. */
export function getPnrUpdates(syncJobId: string, signal?: AbortSignal) {
  return api.call(
    pnrCalls.updates,
    { body: { syncJobId } },
    // A poll, not the user's doing: it must not keep an idle session alive.
    { signal, background: true },
  );
}

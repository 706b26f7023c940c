import { Done, PROCESS_SETTINGS_CALLS } from '@smt/shared';
import { api } from '@/lib/api-client';

/** Drops a branch's own settings, so it follows the default again. */
export function deleteProcessSettings(body: { branchId: number }) {
  return api.post(PROCESS_SETTINGS_CALLS.delete, body, { schema: Done });
}

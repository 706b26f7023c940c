import { processSettingsCalls } from '@smt/shared';
import { api } from '@/lib/api-client';

/** Drops a branch's own settings, so it follows the default again. */
export function deleteProcessSettings(body: { branchId: number }) {
  return api.call(processSettingsCalls.delete, { body });
}

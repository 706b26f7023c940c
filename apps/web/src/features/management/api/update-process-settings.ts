import { Done, PROCESS_SETTINGS_CALLS, type ProcessSettingsFields } from '@smt/shared';
import { api } from '@/lib/api-client';
import { useManagementMutation } from './management-request';

/** Sets a branch's settings, or with no branch the system default's (super users only). */
export function updateProcessSettings(body: ProcessSettingsFields & { branchId: number | null }) {
  return api.post(PROCESS_SETTINGS_CALLS.update, body, { schema: Done });
}

export function useUpdateProcessSettings() {
  return useManagementMutation(updateProcessSettings);
}

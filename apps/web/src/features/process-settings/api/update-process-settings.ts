import { processSettingsCalls, type ProcessSettingsFields } from '@smt/shared';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';
import { sentSettings } from './process-settings-body';

/** Sets a branch's settings, or with no branch the system default's (super users only). */
export function updateProcessSettings(body: ProcessSettingsFields & { branchId: number | null }) {
  return api.call(processSettingsCalls.update, { body: sentSettings(body) });
}

export function useUpdateProcessSettings() {
  return useManagementMutation(updateProcessSettings);
}

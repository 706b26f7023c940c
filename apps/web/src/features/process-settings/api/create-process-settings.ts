import { processSettingsCalls, type ProcessSettingsFields } from '@smt/shared';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';
import { sentSettings } from './process-settings-body';

/** Gives a branch settings of its own; 409 when it has them already. */
export function createProcessSettings(body: ProcessSettingsFields & { branchId: number }) {
  return api.call(processSettingsCalls.create, { body: sentSettings(body) });
}

export function useCreateProcessSettings() {
  return useManagementMutation(createProcessSettings);
}

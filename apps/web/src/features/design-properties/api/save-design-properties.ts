import { managementToolCalls } from '@smt/shared';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

type DesignBody = { agencyId: number | null; header: string; footer: string };

/** Saves an agency's (or the default) header and footer; answers them as stored, sanitised. */
export function saveDesignProperties(body: DesignBody) {
  return api.call(managementToolCalls.saveDesignProperties, { body });
}

export function useSaveDesignProperties() {
  return useManagementMutation(saveDesignProperties);
}

import { notificationCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

/** The agencies the caller may see, for a form's agency select. */
export function listAgencyChoices(signal?: AbortSignal) {
  // A 403 here only leaves the select empty: the page's own calls decide about the session.
  return api.call(notificationCalls.listAgencies, { query: { level: 'AGENT' } }, { signal });
}

/** `enabled: false` asks nothing (an edit, whose agency is fixed). */
export function useAgencyChoices(enabled = true) {
  return useQuery({
    queryKey: managementKeys.agencyChoices(),
    queryFn: ({ signal }) => listAgencyChoices(signal),
    enabled,
  });
}

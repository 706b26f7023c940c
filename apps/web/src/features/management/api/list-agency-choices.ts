import { AgencyItem, NOTIFICATION_CALLS } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

const AgencyList = z.array(AgencyItem);

/** The agencies the caller may see, for a form's agency select. */
export function listAgencyChoices(signal?: AbortSignal) {
  // A 403 here only leaves the select empty: the page's own calls decide about the session.
  return api.get(NOTIFICATION_CALLS.listAgencies, {
    query: { level: 'AGENT' },
    schema: AgencyList,
    signal,
  });
}

/** `enabled: false` asks nothing (an edit, whose agency is fixed). */
export function useAgencyChoices(enabled = true) {
  return useQuery({
    queryKey: managementKeys.agencyChoices(),
    queryFn: ({ signal }) => listAgencyChoices(signal),
    enabled,
  });
}

import { managementToolCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from '@/lib/management/management-keys';

/** Under the management key, so every management change reads it again. */
export const designPropertiesKey = (agencyId: number | null) =>
  [...managementKeys.all, 'design-properties', agencyId] as const;

/** An agency's header and footer (the default's when it has none), or `null`: the default. */
export function getDesignProperties(agencyId: number | null, signal?: AbortSignal) {
  return api.call(managementToolCalls.getDesignProperties, { query: { agencyId } }, { signal });
}

export const designPropertiesQueryOptions = (agencyId: number | null) =>
  queryOptions({
    queryKey: designPropertiesKey(agencyId),
    queryFn: ({ signal }) => getDesignProperties(agencyId, signal),
  });

export function useDesignProperties(agencyId: number | null) {
  return useQuery(designPropertiesQueryOptions(agencyId));
}

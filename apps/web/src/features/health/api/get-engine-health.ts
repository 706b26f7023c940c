import { HEALTH_REFRESH_MS, managementToolCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from '@/lib/management/management-keys';

export const engineHealthKey = [...managementKeys.all, 'health', 'engine'] as const;

/** A poll, not the user's doing: it must not keep an idle session alive. */
export function getEngineHealth(signal?: AbortSignal) {
  return api.call(managementToolCalls.engineHealth, {}, { signal, background: true });
}

/** The engine's figures, asked again every few seconds while the page is open. */
export function useEngineHealth() {
  return useQuery({
    queryKey: engineHealthKey,
    queryFn: ({ signal }) => getEngineHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

import { managementToolCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from '@/lib/management/management-keys';

export const pnrInfoKey = (pnrNumber: string) =>
  [...managementKeys.all, 'pnr-info', pnrNumber] as const;

export function getPnrInfo(pnrNumber: string, signal?: AbortSignal) {
  return api.call(managementToolCalls.pnrInfo, { query: { pnrNumber } }, { signal });
}

/** `null`: no number asked for yet, so nothing is fetched. */
export function usePnrInfo(pnrNumber: string | null) {
  return useQuery({
    queryKey: pnrInfoKey(pnrNumber ?? ''),
    queryFn: ({ signal }) => getPnrInfo(pnrNumber ?? '', signal),
    enabled: pnrNumber !== null,
    // A missing PNR is an answer, not a hiccup to retry.
    retry: false,
  });
}

import { notificationCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export type FareRulesRequest = {
  notificationId: number;
  seqNum: number;
  segmentId?: string;
  farebasis: string;
  flightClass?: string;
};

export async function getFarebasisPenalties(request: FareRulesRequest, signal?: AbortSignal) {
  const answer = await api.call(
    notificationCalls.fareBasisPenalties,
    {
      body: {
        notification_id: request.notificationId,
        seq_num: request.seqNum,
        segment_id: request.segmentId,
        farebasis: request.farebasis,
        flight_class: request.flightClass,
      },
    },
    { signal },
  );
  return answer.farebasis_penalty;
}

export const farebasisPenaltiesQueryOptions = (request: FareRulesRequest) =>
  queryOptions({
    queryKey: [...notificationKeys.details(request.notificationId), 'fare-rules', request] as const,
    queryFn: ({ signal }) => getFarebasisPenalties(request, signal),
    // Fare rules do not change while a quote stands.
    staleTime: Infinity,
    // The dialog says 'Error' at once; opening it again asks again.
    retry: false,
  });

/** The fare rules (farebasis and penalty text) of a quote's fare; null when the GDS has none. */
export function useFarebasisPenalties(request: FareRulesRequest, enabled: boolean) {
  return useQuery({ ...farebasisPenaltiesQueryOptions(request), enabled });
}

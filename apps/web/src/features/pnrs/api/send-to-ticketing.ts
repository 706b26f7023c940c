import { pnrCalls, type PnrListItem } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pnrKeys } from './pnr-keys';

export type TicketingTarget = Pick<PnrListItem, 'pnrNumber' | 'gdsId'>;

/** Asks the GDS to issue an online agency's booking (SPEC §7.4); 409 when it cannot be. */
export function sendToTicketing({ pnrNumber, gdsId }: TicketingTarget) {
  return api.call(pnrCalls.ticketing, { query: { pnrNumber, gdsId } });
}

/** Whatever ticketing did, the booking's row and details are behind afterwards. */
export function useSendToTicketing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToTicketing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pnrKeys.all }),
  });
}

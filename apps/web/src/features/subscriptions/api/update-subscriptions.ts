import { subscriptionCalls, type SubscriptionUpdateItem } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUBSCRIPTIONS_ROOT_KEY } from './get-subscriptions';

/** Sends the changed items, all applied or none. */
export function updateSubscriptions(items: readonly SubscriptionUpdateItem[]) {
  return api.call(subscriptionCalls.update, { body: [...items] });
}

/** Whether it worked or not, the table is read again afterwards (SPEC §4, §8). */
export function useUpdateSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SUBSCRIPTIONS_ROOT_KEY] }),
  });
}

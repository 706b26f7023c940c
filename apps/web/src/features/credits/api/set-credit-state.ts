import { creditCalls, type CreditStateBody } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from './credit-keys';

type CreditStateChange = { id: number; state: CreditStateBody['state'] };

export function setCreditState({ id, state }: CreditStateChange) {
  return api.call(creditCalls.setState, { params: { id }, body: { state } });
}

/** Marks a credit used or open; the lists are read again once it is done. */
export function useSetCreditState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCreditState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

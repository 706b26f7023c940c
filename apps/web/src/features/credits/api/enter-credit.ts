import { creditCalls, type CreditCreate } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from './credit-keys';

/** Sends a credit the form checked; the amount goes as the text the schema reads it from. */
export function enterCredit(credit: CreditCreate) {
  const body = { ...credit, amount: (credit.amount / 100).toFixed(2) };
  return api.call(creditCalls.create, { body });
}

/** Enters a credit; the lists are read again once it is recorded. */
export function useEnterCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

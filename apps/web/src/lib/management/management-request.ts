import type { Call, CallInput, CallResult } from '@smt/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

// The plumbing every management page shares, through the calls' contracts
// (packages/shared/src/calls): a change sends the body its contract takes and answers what
// the contract says; once done, every management list and choice is read again.

/** What a change's contract takes as its body. */
type BodyOf<C extends Call> = NonNullable<CallInput<C>['body']>;

/** A change as a function of its body, typed by its contract. */
export const changeOf =
  <C extends Call>(call: C) =>
  (body: BodyOf<C>): Promise<CallResult<C>> =>
    api.call(call, { body } as CallInput<C>);

/** A list stays on screen while the next page or search loads, so the pager does not jump. */
export const listPlaceholder = keepPreviousData;

/** A change; once it is done every management list and choice is read again. */
export function useManagementMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managementKeys.all }),
  });
}

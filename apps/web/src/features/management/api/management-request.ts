import { managementCalls, type CallInput, type ManagementCall } from '@smt/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type FormBody } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { managementKeys } from './management-keys';

// The plumbing the per-call files share, through the calls' contracts (calls/management-calls.ts
// in the shared package): every change is a form POST answering `{ ok: true }`
// or the new id, every list a GET with a query, every file a GET of the list's search.

type Calls = typeof managementCalls;

/** A management change, made through its contract. */
export function postManagement<N extends ManagementCall>(
  call: N,
  body: NonNullable<CallInput<Calls[N]>['body']>,
) {
  return api.call(managementCalls[call], { body } as CallInput<Calls[N]>);
}

/** A page of a management list, read through its contract. */
export function getManagementPage<N extends ManagementCall>(
  call: N,
  query: NonNullable<CallInput<Calls[N]>['query']>,
  signal?: AbortSignal,
) {
  return api.call(managementCalls[call], { query } as CallInput<Calls[N]>, { signal });
}

/** Saves a list's CSV under the name the server gives, or `fallback` when it gives none. */
export async function downloadManagementCsv(
  call: ManagementCall,
  query: FormBody,
  fallback: string,
): Promise<void> {
  const file = await api.callForFile(managementCalls[call], { query });
  saveFile(file.blob, file.filename ?? fallback);
}

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

import { MANAGEMENT_CALLS, type ManagementCall } from '@smt/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type FormBody } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { managementKeys } from './management-keys';

// The plumbing the per-call files share: every change is a form POST answering `{ ok: true }`
// or the new id, every list a GET with a query, every file a GET of the list's search.

export const ManagementDone = z.object({ ok: z.literal(true) });

export function postManagement<T>(call: ManagementCall, body: FormBody, schema: z.ZodType<T>) {
  return api.post(MANAGEMENT_CALLS[call], body, { schema });
}

export function getManagementPage<T>(
  call: ManagementCall,
  query: FormBody,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
) {
  return api.get(MANAGEMENT_CALLS[call], { query, schema, signal });
}

/** Saves a list's CSV under the name the server gives, or `fallback` when it gives none. */
export async function downloadManagementCsv(
  call: ManagementCall,
  query: FormBody,
  fallback: string,
): Promise<void> {
  const file = await api.download(MANAGEMENT_CALLS[call], query, { method: 'GET' });
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

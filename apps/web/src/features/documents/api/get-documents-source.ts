import { documentsCalls, type DocumentsSource } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsKeys } from './documents-keys';

/** Where this deployment keeps its resource list (SPEC §2.9). */
export function getDocumentsSource(signal?: AbortSignal): Promise<DocumentsSource> {
  return api.call(documentsCalls.source, {}, { signal });
}

export const documentsSourceQueryOptions = () =>
  queryOptions({
    queryKey: documentsKeys.source(),
    queryFn: ({ signal }) => getDocumentsSource(signal),
    // The deployment's settings do not change while the page is open.
    staleTime: Infinity,
  });

export function useDocumentsSource() {
  return useQuery(documentsSourceQueryOptions());
}

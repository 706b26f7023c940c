import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MalformedResourceListError,
  parseDocumentResources,
  type DocumentLink,
} from '@/features/documents/utils/parse-document-resources';
import { documentsKeys } from './documents-keys';

/**
 * Reads resources.json (SPEC §7.2) where the server said it is: often a storage bucket on
 * another origin, so a plain CORS request without our session headers or cookies.
 */
export async function getDocumentResources(
  resourcesUrl: string,
  signal?: AbortSignal,
): Promise<DocumentLink[]> {
  const listUrl = new URL(resourcesUrl, window.location.href).href;
  const response = await fetch(listUrl, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    signal,
  });
  if (!response.ok) throw new Error(`The resource list answered ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new MalformedResourceListError('The resource list is not JSON');
  }
  return parseDocumentResources(raw, listUrl, window.location.origin);
}

export const documentResourcesQueryOptions = (resourcesUrl: string) =>
  queryOptions({
    queryKey: documentsKeys.resources(resourcesUrl),
    queryFn: ({ signal }) => getDocumentResources(resourcesUrl, signal),
    // A malformed file stays malformed until someone fixes it; asking again at once won't help.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof MalformedResourceListError),
  });

/** `resourcesUrl` unknown yet: nothing is asked. */
export function useDocumentResources(resourcesUrl: string | undefined) {
  return useQuery({
    ...documentResourcesQueryOptions(resourcesUrl ?? ''),
    enabled: resourcesUrl !== undefined,
  });
}

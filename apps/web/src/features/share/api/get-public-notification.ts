import { notificationCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The three parts of a shared link, as its address carries them. */
export type ShareLinkParams = { id: string; timestamp: string; token: string };

export function getPublicNotification(link: ShareLinkParams, signal?: AbortSignal) {
  const { id, timestamp, token } = link;
  // Each part is encoded into the path.
  return api.call(notificationCalls.publicShare, { params: { id, timestamp, token } }, { signal });
}

export const publicNotificationQueryOptions = (link: ShareLinkParams) =>
  queryOptions({
    queryKey: ['share', 'notification', link.id, link.timestamp, link.token] as const,
    queryFn: ({ signal }) => getPublicNotification(link, signal),
    // An expired link stays expired; any other failure offers 'Try again' at once.
    retry: false,
    staleTime: Infinity,
  });

/** What a shared link shows a traveller, without signing in (SPEC §2.12). */
export function usePublicNotification(link: ShareLinkParams) {
  return useQuery(publicNotificationQueryOptions(link));
}

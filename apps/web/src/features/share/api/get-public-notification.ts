import { NOTIFICATION_CALLS, PublicShareResponse } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The three parts of a shared link, as its address carries them. */
export type ShareLinkParams = { id: string; timestamp: string; token: string };

export function getPublicNotification(link: ShareLinkParams, signal?: AbortSignal) {
  const parts = [link.id, link.timestamp, link.token].map(encodeURIComponent).join('/');
  return api.get(`${NOTIFICATION_CALLS.publicShare}/${parts}`, {
    schema: PublicShareResponse,
    signal,
  });
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

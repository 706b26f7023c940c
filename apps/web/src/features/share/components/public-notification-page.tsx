import type { PublicNotification } from '@smt/shared';
import {
  usePublicNotification,
  type ShareLinkParams,
} from '@/features/share/api/get-public-notification';
import { isRefusedFor } from '@/lib/api-client';
import { ScheduleChange } from './schedule-change';
import { DEFAULT_DESIGN, ShareLayout } from './share-layout';
import { LinkExpired, ShareError, ShareLoading } from './share-states';
import { TicketingDue } from './ticketing-due';

const isExpired = (error: Error) => isRefusedFor(error, 'share.link-expired');

/** What a shared link shows a traveller, without signing in (SPEC §2.12). */
export function PublicNotificationPage({ link }: { link: ShareLinkParams }) {
  const query = usePublicNotification(link);

  if (query.isPending) return <ShareLoading />;
  if (query.isError) {
    return (
      <ShareLayout design={DEFAULT_DESIGN}>
        {isExpired(query.error) ? (
          <LinkExpired />
        ) : (
          <ShareError onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </ShareLayout>
    );
  }
  const { responseData, designProperties } = query.data;
  return (
    <ShareLayout design={designProperties}>
      <NotificationContent notification={responseData} />
    </ShareLayout>
  );
}

function NotificationContent({ notification }: { notification: PublicNotification }) {
  switch (notification.notificationType) {
    case 'SC':
      return <ScheduleChange notification={notification} />;
    case 'TD':
      return <TicketingDue notification={notification} />;
    case null:
      // Other kinds of notification have nothing to tell the traveller (SPEC §2.12).
      return null;
  }
}

import { useParams } from 'react-router';
import { PublicNotificationPage } from '@/features/share/components/public-notification-page';

/** The public share page (SPEC §2.12): no sign-in, no app shell. */
export function ShareRoute() {
  const { id = '', timestamp = '', token = '' } = useParams();
  return <PublicNotificationPage link={{ id, timestamp, token }} />;
}

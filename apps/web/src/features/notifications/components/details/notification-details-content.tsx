import Stack from '@mui/material/Stack';
import type { NotificationDetails } from '@smt/shared';
import { useState } from 'react';
import { MainAsideLayout } from '@/components/ui/main-aside-layout';
import { withPnrCancelled } from '@/features/notifications/api/cancel-pnr';
import { BookingNotificationsPanel } from './booking-notifications-panel';
import { DetailsActions } from './details-actions';
import { DetailsBanners } from './details-banners';
import { DetailsHeader } from './details-header';
import { ItineraryCard } from './itinerary-card';
import { PassengersCard } from './passengers-card';
import { PnrCard } from './pnr-card';
import { PriceQuotes } from './price-quotes';

type NotificationDetailsContentProps = { details: NotificationDetails; onDeleted: () => void };

/** Everything about one notification: outcome, header, actions, the booking, its other news. */
export function NotificationDetailsContent({
  details: loaded,
  onDeleted,
}: NotificationDetailsContentProps) {
  // The notification keeps the booking as it was when raised; a PNR cancelled here stays so.
  const [cancelledHere, setCancelledHere] = useState(false);
  const details = cancelledHere ? withPnrCancelled(loaded) : loaded;
  const { header, data } = details;
  return (
    <Stack spacing={2}>
      <DetailsBanners details={details} />
      <DetailsHeader header={header} />
      <DetailsActions
        details={details}
        onDeleted={onDeleted}
        onPnrCancelled={() => setCancelledHere(true)}
      />
      <MainAsideLayout
        main={
          <>
            <PnrCard details={details} />
            {header.type === 'Reprice' && <PriceQuotes notificationId={header.notification_id} />}
            <PassengersCard passengers={data.passengers} />
            <ItineraryCard data={data} />
          </>
        }
        aside={<BookingNotificationsPanel pnr={data.pnr.id} currentId={header.notification_id} />}
      />
    </Stack>
  );
}

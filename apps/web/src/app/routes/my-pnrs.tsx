import type { PnrDetails } from '@smt/shared';
import { CreditAvailableBadges } from '@/components/ui/credit-available-badges';
import { useBookingNotifications } from '@/features/notifications/api/get-booking-notifications';
import { ItineraryCard } from '@/features/notifications/components/details/itinerary-card';
import { PassengersCard } from '@/features/notifications/components/details/passengers-card';
import { MyPnrsPage } from '@/features/pnrs/components/my-pnrs-page';
import type { PnrDetailsSlots } from '@/features/pnrs/components/pnr-details-slots';
import { PnrNotificationsSection } from '@/features/pnrs/components/pnr-notifications-section';

/** `/my-pnrs` (SPEC §2.7); RouteGate lets only agents in. */
export function MyPnrsRoute() {
  return <MyPnrsPage slots={SLOTS} />;
}

// An expanded booking shows the notification details' own cards and the booking's notifications.
const SLOTS: PnrDetailsSlots = {
  booking: (details) => <BookingCards details={details} />,
  notifications: (pnrNumber) => <BookingNotifications pnrNumber={pnrNumber} />,
};

function BookingCards({ details }: { details: PnrDetails }) {
  return (
    <>
      <CreditAvailableBadges credits={details.credit_available} detailed />
      <PassengersCard passengers={details.passengers} />
      {/* A booking has no schedule change of its own; that belongs to a notification. */}
      <ItineraryCard data={{ ...details, sc: null }} />
    </>
  );
}

function BookingNotifications({ pnrNumber }: { pnrNumber: string }) {
  const notifications = useBookingNotifications(pnrNumber);
  return (
    <PnrNotificationsSection
      notifications={notifications.data}
      failed={notifications.isError}
      onRetry={() => void notifications.refetch()}
    />
  );
}

import type { PnrDetails } from '@smt/shared';
import { useSearchParams } from 'react-router';
import { ItineraryCard } from '@/features/notifications/components/details/itinerary-card';
import { PassengersCard } from '@/features/notifications/components/details/passengers-card';
import { PnrInfoPage } from '@/features/pnr-info/components/pnr-info-page';

/**
 * `/management/tools/pnrInfo` (SPEC §2.11); RouteGate lets only super users in. The number
 * lives in the query string, so a link (from Add PNR) opens the booking and Back works.
 */
export function ManagementPnrInfoRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <PnrInfoPage
      pnrNumber={searchParams.get('pnrNumber')}
      onSearch={(pnrNumber) => setSearchParams({ pnrNumber })}
      renderSnapshot={(details) => <Snapshot details={details} />}
    />
  );
}

function Snapshot({ details }: { details: PnrDetails }) {
  return (
    <>
      <PassengersCard passengers={details.passengers} />
      <ItineraryCard data={{ ...details, sc: null }} />
    </>
  );
}

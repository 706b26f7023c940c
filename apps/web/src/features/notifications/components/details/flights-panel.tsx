import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Flight, NotificationData } from '@smt/shared';
import { detailsTexts } from './details-texts';
import { FlightRow } from './flight-row';
import { ItineraryList } from './itinerary-list';

type FlightsPanelProps = { flights: readonly Flight[]; scheduleChange: NotificationData['sc'] };

function FlightSection({ title, flights }: { title: string; flights: readonly Flight[] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {flights.length === 0 ? (
        <Typography variant="body2" color="error">
          {detailsTexts.flightCancelled}
        </Typography>
      ) : (
        <ItineraryList
          items={flights}
          label={title}
          renderItem={(flight) => <FlightRow flight={flight} />}
        />
      )}
    </Stack>
  );
}

/** The booking's flights; for a schedule change, what changed: the new flights and the old. */
export function FlightsPanel({ flights, scheduleChange }: FlightsPanelProps) {
  if (scheduleChange) {
    return (
      <Stack spacing={2}>
        <FlightSection title={detailsTexts.newFlights} flights={scheduleChange.newFlights} />
        <FlightSection title={detailsTexts.previousFlights} flights={scheduleChange.oldFlights} />
      </Stack>
    );
  }
  return (
    <ItineraryList
      items={flights}
      label={detailsTexts.flightsTab}
      renderItem={(flight) => <FlightRow flight={flight} />}
    />
  );
}

import type { Flight } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatFlightTime } from '@/lib/format';
import { detailsTexts } from './details-texts';
import { SegmentStatus } from './segment-status';

/** One flight: route, airline, times (dd/MM/yyyy HH:mm, the airport's own), class and status. */
export function FlightRow({ flight }: { flight: Flight }) {
  return (
    <FieldGrid
      fields={[
        { label: detailsTexts.from, value: flight.from },
        { label: detailsTexts.to, value: flight.to },
        { label: detailsTexts.airline, value: flight.airline },
        { label: detailsTexts.flightNumber, value: `${flight.airline} ${flight.flight_number}` },
        { label: detailsTexts.departure, value: formatFlightTime(flight.departure) },
        { label: detailsTexts.arrival, value: formatFlightTime(flight.arrival) },
        { label: detailsTexts.flightClass, value: flight.flight_class },
        { label: detailsTexts.status, value: <SegmentStatus status={flight.status} /> },
      ]}
    />
  );
}

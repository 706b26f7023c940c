import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Flight } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatFlightTime } from '@/lib/format';
import { detailsTexts } from './details-texts';
import { SegmentStatus } from './segment-status';

/**
 * One flight: route, airline, number (and who flies it, on a codeshare), times (dd/MM/yyyy
 * HH:mm, the airport's own), class and status; marked when the notification is about it.
 */
export function FlightRow({ flight }: { flight: Flight }) {
  const number = `${flight.airline} ${flight.flight_number}`;
  const grid = (
    <FieldGrid
      fields={[
        { label: detailsTexts.from, value: flight.from },
        { label: detailsTexts.to, value: flight.to },
        { label: detailsTexts.airline, value: flight.airline },
        {
          label: detailsTexts.flightNumber,
          value: flight.operating_airline
            ? detailsTexts.operatedBy(number, flight.operating_airline)
            : number,
        },
        { label: detailsTexts.departure, value: formatFlightTime(flight.departure) },
        { label: detailsTexts.arrival, value: formatFlightTime(flight.arrival) },
        { label: detailsTexts.flightClass, value: flight.flight_class },
        { label: detailsTexts.status, value: <SegmentStatus status={flight.status} /> },
      ]}
    />
  );
  if (!flight.alerted) return grid;
  return (
    <Stack spacing={1}>
      <Chip
        sx={{ alignSelf: 'flex-start' }}
        size="small"
        variant="outlined"
        color="error"
        icon={<FlagOutlinedIcon />}
        label={detailsTexts.alertedFlight}
      />
      {grid}
    </Stack>
  );
}

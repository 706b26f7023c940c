import Typography from '@mui/material/Typography';
import type { PublicSegment } from '@smt/shared';
import { useId } from 'react';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { routeOf, splitFlightTime } from '@/features/share/utils/flight-times';
import { DetailsTable } from './details-table';

const COLUMNS = [
  SHARE_TEXTS.departureDate,
  SHARE_TEXTS.route,
  SHARE_TEXTS.departureTime,
  SHARE_TEXTS.arrivalDate,
  SHARE_TEXTS.arrivalTime,
];

function rowOf(segment: PublicSegment): string[] {
  const departure = splitFlightTime(segment.departureDate);
  const arrival = splitFlightTime(segment.arrivalDate);
  return [departure.date, routeOf(segment), departure.time, arrival.date, arrival.time];
}

type SegmentsTableProps = {
  title: string;
  segments: readonly PublicSegment[];
  /** Nothing replaced the flight: 'Cancelled' instead of a table. */
  cancelled?: boolean;
};

/** 'New flight details' or 'Original flight details' of one changed flight. */
export function SegmentsTable({ title, segments, cancelled = false }: SegmentsTableProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {cancelled ? (
        <Typography color="error" sx={{ fontWeight: 'medium' }}>
          {SHARE_TEXTS.cancelled}
        </Typography>
      ) : (
        <DetailsTable labelledBy={headingId} columns={COLUMNS} rows={segments.map(rowOf)} />
      )}
    </section>
  );
}

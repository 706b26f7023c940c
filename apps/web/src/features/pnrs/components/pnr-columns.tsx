import Typography from '@mui/material/Typography';
import type { PnrListItem, PnrSortColumn } from '@smt/shared';
import type { ReactNode } from 'react';
import { formatDateTime, formatFlightTime } from '@/lib/format';
import { PNR_SORT_LABEL, pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrNotificationBadges } from './pnr-notification-badges';
import { PnrStatus } from './pnr-status';

export type PnrColumn = {
  key: string;
  label: string;
  /** The column's sort, when it has one (SPEC §2.7). */
  sort?: PnrSortColumn;
  render: (row: PnrListItem) => ReactNode;
};

function PnrFlight({ row }: { row: PnrListItem }) {
  const flight = `${row.carrierCode ?? ''}${row.flightNumber ?? ''}`;
  if (!flight && !row.flightRoute) return pnrTexts.none;
  return (
    <>
      {flight}
      {row.flightRoute && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
        >
          {row.flightRoute}
        </Typography>
      )}
    </>
  );
}

/** The list's columns in order; the table heads them, a card lists them. */
export const PNR_COLUMNS: readonly PnrColumn[] = [
  { key: 'pnr', label: pnrTexts.pnr, render: (row) => row.pnrNumber },
  {
    key: 'creationDate',
    label: PNR_SORT_LABEL.pnrCreationDate,
    sort: 'pnrCreationDate',
    render: (row) => formatDateTime(row.pnrCreationDate),
  },
  {
    key: 'status',
    label: PNR_SORT_LABEL.status,
    sort: 'status',
    render: (row) => <PnrStatus row={row} />,
  },
  {
    key: 'passengers',
    label: PNR_SORT_LABEL.passengersCount,
    sort: 'passengersCount',
    render: (row) => row.passengersCount,
  },
  {
    key: 'mainPassenger',
    label: PNR_SORT_LABEL.passengerName,
    sort: 'passengerName',
    render: (row) => row.passengerName ?? pnrTexts.none,
  },
  { key: 'flight', label: pnrTexts.flight, render: (row) => <PnrFlight row={row} /> },
  {
    key: 'departure',
    label: PNR_SORT_LABEL.flightDate,
    sort: 'flightDate',
    // Local to the departure airport: rearranged, never moved into the browser's time zone.
    render: (row) => (row.flightDate ? formatFlightTime(row.flightDate) : pnrTexts.none),
  },
  {
    key: 'notifications',
    label: PNR_SORT_LABEL.notifications,
    sort: 'notifications',
    render: (row) => <PnrNotificationBadges stats={row.notificationStat} />,
  },
];

import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Passenger } from '@smt/shared';
import { ageCategoryOf, passengerNameOf } from './passenger-types';

type PassengerRowProps = { passenger: Passenger };

/** Name, age category and how to reach them. */
export function PassengerRow({ passenger }: PassengerRowProps) {
  return (
    <Stack component="li" spacing={0.25} sx={{ listStyle: 'none', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {passengerNameOf(passenger)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ageCategoryOf(passenger.type)}
        </Typography>
      </Stack>
      {(passenger.phone || passenger.email) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {passenger.phone && (
            <Link variant="body2" href={`tel:${passenger.phone}`}>
              {passenger.phone}
            </Link>
          )}
          {passenger.email && (
            <Link
              variant="body2"
              href={`mailto:${passenger.email}`}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {passenger.email}
            </Link>
          )}
        </Stack>
      )}
    </Stack>
  );
}

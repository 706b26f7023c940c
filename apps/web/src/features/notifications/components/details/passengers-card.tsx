import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { PASSENGERS_SHOWN_COLLAPSED, type Passenger } from '@smt/shared';
import { useId, useState } from 'react';
import { DetailsCard } from './details-card';
import { detailsTexts } from './details-texts';
import { PassengerRow } from './passenger-row';
import { ageCategoryOf, countByType } from './passenger-types';

type PassengersCardProps = { passengers: readonly Passenger[] };

/** The travellers: a count per age category, the first two, and the rest on demand. */
export function PassengersCard({ passengers }: PassengersCardProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? passengers : passengers.slice(0, PASSENGERS_SHOWN_COLLAPSED);
  const collapsible = passengers.length > PASSENGERS_SHOWN_COLLAPSED;

  return (
    <DetailsCard title={detailsTexts.passengers(passengers.length)}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {countByType(passengers).map(({ type, count }) => (
            <Chip
              key={type}
              size="small"
              variant="outlined"
              label={`${ageCategoryOf(type)}: ${count}`}
            />
          ))}
        </Stack>
        <Stack
          id={listId}
          component="ul"
          divider={<Divider component="li" aria-hidden />}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {shown.map((passenger, index) => (
            <PassengerRow key={index} passenger={passenger} />
          ))}
        </Stack>
        {collapsible && (
          <Button
            size="small"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {expanded ? detailsTexts.hidePassengers : detailsTexts.showAllPassengers}
          </Button>
        )}
      </Stack>
    </DetailsCard>
  );
}

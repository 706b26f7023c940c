import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PnrListItem } from '@smt/shared';
import { useId } from 'react';
import { FieldGrid } from '@/components/ui/field-grid';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PNR_COLUMNS } from './pnr-columns';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrExpandButton } from './pnr-expand-button';
import { PnrExpandedDetails } from './pnr-expanded-details';
import { PnrRefreshMarker } from './pnr-refresh-marker';
import { TicketingButton } from './ticketing-button';

type PnrCardProps = {
  row: PnrListItem;
  expanded: boolean;
  onToggle: () => void;
  slots: PnrDetailsSlots;
};

// The PNR is the card's title; the other columns are its facts.
const FACT_COLUMNS = PNR_COLUMNS.filter((column) => column.key !== 'pnr');

/** A booking on a small screen: the table's columns as a card, expanding in place. */
export function PnrCard({ row, expanded, onToggle, slots }: PnrCardProps) {
  const titleId = useId();
  const detailsId = useId();
  const updating = row.updateWillAvailable;

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {row.pnrNumber}
              </Typography>
              {updating && <PnrRefreshMarker pnrNumber={row.pnrNumber} />}
            </Stack>
            <PnrExpandButton
              pnrNumber={row.pnrNumber}
              expanded={expanded}
              controls={detailsId}
              onToggle={onToggle}
            />
          </Stack>
          <FieldGrid
            minColumnWidth={140}
            fields={FACT_COLUMNS.map((column) => ({
              label: column.label,
              value: column.render(row),
            }))}
          />
          {row.type === 'OTA' && <TicketingButton row={row} />}
        </Stack>
      </CardContent>
      {expanded && (
        <Box
          id={detailsId}
          role="region"
          aria-label={pnrTexts.details(row.pnrNumber)}
          sx={{ px: 1, pb: 1, bgcolor: 'background.default' }}
        >
          <PnrExpandedDetails row={row} slots={slots} withTicketing={false} />
        </Box>
      )}
    </Card>
  );
}

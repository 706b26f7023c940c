import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { pnrStatusText, type PnrListItem } from '@smt/shared';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrStatusProps = { row: PnrListItem };

/** Booked, Ticket Voidable, Ticketed or Departed, and a marker when it is cancelled. */
export function PnrStatus({ row }: PnrStatusProps) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <span>{pnrStatusText(row)}</span>
      {row.isCancelled && (
        <Chip size="small" color="error" variant="outlined" label={pnrTexts.cancelled} />
      )}
    </Stack>
  );
}

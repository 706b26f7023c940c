import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { PnrListItem } from '@smt/shared';
import { useId } from 'react';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrBusyOverlay } from './pnr-busy-overlay';
import { PNR_COLUMNS } from './pnr-columns';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrExpandButton } from './pnr-expand-button';
import { PnrExpandedDetails } from './pnr-expanded-details';

type PnrTableRowProps = {
  row: PnrListItem;
  expanded: boolean;
  onToggle: () => void;
  slots: PnrDetailsSlots;
};

/** A booking's row, and under it its details while expanded. */
export function PnrTableRow({ row, expanded, onToggle, slots }: PnrTableRowProps) {
  const detailsId = useId();
  const busy = row.updateWillAvailable;
  return (
    <>
      <TableRow
        aria-busy={busy || undefined}
        // The overlay's containing block; an open row shares its bottom border with its details.
        sx={{ position: 'relative', ...(expanded && { '& > td': { borderBottom: 'unset' } }) }}
      >
        <TableCell padding="checkbox">
          <PnrExpandButton
            pnrNumber={row.pnrNumber}
            expanded={expanded}
            controls={detailsId}
            onToggle={onToggle}
          />
          {busy && <PnrBusyOverlay pnrNumber={row.pnrNumber} />}
        </TableCell>
        {PNR_COLUMNS.map((column) => (
          <TableCell
            key={column.key}
            component={column.key === 'pnr' ? 'th' : 'td'}
            scope={column.key === 'pnr' ? 'row' : undefined}
            sx={column.key === 'pnr' ? { fontWeight: 600 } : undefined}
          >
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
      {expanded && (
        <TableRow>
          <TableCell colSpan={PNR_COLUMNS.length + 1} sx={{ bgcolor: 'background.default' }}>
            <Box id={detailsId} role="region" aria-label={pnrTexts.details(row.pnrNumber)}>
              <PnrExpandedDetails row={row} slots={slots} withTicketing />
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

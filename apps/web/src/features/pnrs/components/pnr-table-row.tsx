import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { PnrListItem } from '@smt/shared';
import { useId } from 'react';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PNR_COLUMNS } from './pnr-columns';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrExpandButton } from './pnr-expand-button';
import { PnrExpandedDetails } from './pnr-expanded-details';
import { PnrRefreshMarker } from './pnr-refresh-marker';

type PnrTableRowProps = {
  row: PnrListItem;
  expanded: boolean;
  onToggle: () => void;
  slots: PnrDetailsSlots;
};

// The marker sits in room the PNR cell always keeps, so no column moves when it comes or goes.
const PNR_CELL = { fontWeight: 600, position: 'relative', pr: 4 } as const;
const MARKER_PLACE = {
  position: 'absolute',
  right: 10,
  top: '50%',
  transform: 'translateY(-50%)',
} as const;

/** A booking's row, and under it its details while expanded. */
export function PnrTableRow({ row, expanded, onToggle, slots }: PnrTableRowProps) {
  const detailsId = useId();
  const updating = row.updateWillAvailable;
  return (
    <>
      <TableRow
        // An open row shares its bottom border with its details.
        sx={expanded ? { '& > td': { borderBottom: 'unset' } } : undefined}
      >
        <TableCell padding="checkbox">
          <PnrExpandButton
            pnrNumber={row.pnrNumber}
            expanded={expanded}
            controls={detailsId}
            onToggle={onToggle}
          />
        </TableCell>
        {PNR_COLUMNS.map((column) => (
          <TableCell
            key={column.key}
            component={column.key === 'pnr' ? 'th' : 'td'}
            scope={column.key === 'pnr' ? 'row' : undefined}
            sx={column.key === 'pnr' ? PNR_CELL : undefined}
          >
            {column.render(row)}
            {column.key === 'pnr' && updating && (
              <Box component="span" sx={MARKER_PLACE}>
                <PnrRefreshMarker pnrNumber={row.pnrNumber} />
              </Box>
            )}
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

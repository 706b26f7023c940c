import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { PnrListItem, PnrSort } from '@smt/shared';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { nextPnrSort, sortDirectionOf } from '@/features/pnrs/utils/pnr-sort';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PNR_COLUMNS } from './pnr-columns';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrTableRow } from './pnr-table-row';

type PnrTableProps = {
  rows: readonly PnrListItem[];
  sort: PnrSort;
  onSortChange: (sort: PnrSort) => void;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  slots: PnrDetailsSlots;
};

/** The list on large screens: a row per booking, sortable headers, rows that expand. */
export function PnrTable({ rows, sort, onSortChange, expanded, onToggle, slots }: PnrTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={pnrTexts.list}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <VisuallyHidden>{pnrTexts.detailsColumn}</VisuallyHidden>
            </TableCell>
            {PNR_COLUMNS.map((column) => {
              const direction = column.sort && sortDirectionOf(sort, column.sort);
              const sortColumn = column.sort;
              return (
                <TableCell key={column.key} sortDirection={direction ?? false}>
                  {sortColumn ? (
                    <TableSortLabel
                      active={direction !== undefined}
                      direction={direction ?? 'asc'}
                      onClick={() => onSortChange(nextPnrSort(sort, sortColumn))}
                      // The arrow of a column not sorted by shows faintly, not only on hover, so
                      // every sortable column says so at a glance (and on touch screens).
                      sx={{ '&:not(.Mui-active) .MuiTableSortLabel-icon': { opacity: 0.35 } }}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <PnrTableRow
              key={row.id}
              row={row}
              expanded={expanded.has(row.id)}
              onToggle={() => onToggle(row.id)}
              slots={slots}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

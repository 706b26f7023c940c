import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useSmallScreen } from '@/lib/use-small-screen';

type DetailsTableProps = {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
};

const EMPTY_CELL = '—';

/**
 * Flight details as a table; on a phone each row becomes a card of label and value, so five
 * columns never squeeze or scroll sideways at 375px.
 */
export function DetailsTable(props: DetailsTableProps) {
  const narrow = useSmallScreen();
  return narrow ? <StackedRows {...props} /> : <WideTable {...props} />;
}

function WideTable({ labelledBy, columns, rows }: DetailsTableProps) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            {columns.map((column) => (
              <TableCell
                key={column}
                sx={{ fontWeight: 'fontWeightMedium', color: 'text.secondary' }}
              >
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} sx={{ '&:last-child td': { borderBottom: 0 } }}>
              {columns.map((column, cell) => (
                <TableCell key={column}>{row[cell] || EMPTY_CELL}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StackedRows({ labelledBy, columns, rows }: DetailsTableProps) {
  return (
    <Stack
      component="ul"
      aria-labelledby={labelledBy}
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {rows.map((row, index) => (
        <Box
          component="li"
          key={index}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5 }}
        >
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
            }}
          >
            {columns.map((column, cell) => (
              <Fragment key={column}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 'medium' }}>
                  {row[cell] || EMPTY_CELL}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

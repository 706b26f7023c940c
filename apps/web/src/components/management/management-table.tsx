import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { managementTexts } from '@/lib/management/management-texts';
import type { ManagementColumn } from './management-columns';

/** A list's rows and what shows of each. */
export type ManagementTableProps<Row extends { id: number }> = {
  label: string;
  rows: readonly Row[];
  columns: readonly ManagementColumn<Row>[];
  actions: (row: Row) => ReactNode;
};

/** The list on large screens; the container scrolls sideways rather than the page. */
export function ManagementTable<Row extends { id: number }>({
  label,
  rows,
  columns,
  actions,
}: ManagementTableProps<Row>) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.label}</TableCell>
            ))}
            <TableCell align="right">{managementTexts.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((column) => (
                <TableCell key={column.key}>{column.value(row)}</TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

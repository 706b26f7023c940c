import type { Breakpoint } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SMALL_SCREEN_BREAKPOINT } from '@smt/shared';
import { ManagementCards } from './management-cards';
import { ManagementTable, type ManagementTableProps } from './management-table';

type ManagementRowsProps<Row extends { id: number }> = ManagementTableProps<Row> & {
  /** The name a row's card and its buttons go by. */
  nameOf: (row: Row) => string;
  /** Below this width the rows are cards: a phone's, unless the table needs more room. */
  cardsBelow?: Breakpoint;
};

/** A list's rows: a table, or a card per row where the screen is too narrow for it. */
export function ManagementRows<Row extends { id: number }>({
  nameOf,
  cardsBelow = SMALL_SCREEN_BREAKPOINT,
  ...rows
}: ManagementRowsProps<Row>) {
  const theme = useTheme();
  // Read at once, so a phone never renders the table first.
  const narrow = useMediaQuery(theme.breakpoints.down(cardsBelow), { noSsr: true });
  return narrow ? <ManagementCards {...rows} titleOf={nameOf} /> : <ManagementTable {...rows} />;
}

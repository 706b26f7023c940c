import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldGrid } from '@/components/ui/field-grid';
import type { ManagementTableProps } from './management-table';

type ManagementCardsProps<Row extends { id: number }> = ManagementTableProps<Row> & {
  /** The card's title; the other columns are its facts. */
  titleOf: (row: Row) => string;
};

/** The list on a phone: a card per row, nothing wider than the screen. */
export function ManagementCards<Row extends { id: number }>({
  label,
  rows,
  titleOf,
  columns,
  actions,
}: ManagementCardsProps<Row>) {
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card variant="outlined" component="article" aria-label={titleOf(row)}>
            <CardContent sx={{ pb: 0 }}>
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }}
              >
                {titleOf(row)}
              </Typography>
              <FieldGrid
                minColumnWidth={130}
                fields={columns.map((column) => ({
                  label: column.label,
                  value: column.value(row),
                }))}
              />
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end' }}>{actions(row)}</CardActions>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

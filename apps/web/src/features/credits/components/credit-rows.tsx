import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CreditItem } from '@smt/shared';
import type { ReactNode } from 'react';
import { FieldGrid } from '@/components/ui/field-grid';
import { creditTexts } from '@/features/credits/utils/credit-texts';
import { CREDIT_COLUMNS } from './credit-columns';

type CreditRowsProps = {
  credits: readonly CreditItem[];
  actions: (credit: CreditItem) => ReactNode;
};

/** The credits: a table, or a card per credit where its nine columns would not fit. */
export function CreditRows(props: CreditRowsProps) {
  const theme = useTheme();
  // Read at once, so a phone never renders the table first.
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  return narrow ? <CreditCards {...props} /> : <CreditTable {...props} />;
}

function CreditTable({ credits, actions }: CreditRowsProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={creditTexts.listLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{creditTexts.passenger}</TableCell>
            {CREDIT_COLUMNS.map((column) => (
              <TableCell key={column.key}>{column.label}</TableCell>
            ))}
            <TableCell align="right">{creditTexts.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {credits.map((credit) => (
            <TableRow key={credit.id}>
              <TableCell sx={{ fontWeight: 'fontWeightMedium' }}>{credit.passengerName}</TableCell>
              {CREDIT_COLUMNS.map((column) => (
                <TableCell key={column.key} sx={{ whiteSpace: 'nowrap' }}>
                  {column.value(credit)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(credit)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CreditCards({ credits, actions }: CreditRowsProps) {
  return (
    <Stack
      component="ul"
      aria-label={creditTexts.listLabel}
      spacing={1}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {credits.map((credit) => (
        <li key={credit.id}>
          <Card variant="outlined" component="article" aria-label={credit.passengerName}>
            <CardContent sx={{ pb: 0 }}>
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }}
              >
                {credit.passengerName}
              </Typography>
              <FieldGrid
                minColumnWidth={130}
                fields={CREDIT_COLUMNS.map((column) => ({
                  label: column.label,
                  value: column.value(credit),
                }))}
              />
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end' }}>{actions(credit)}</CardActions>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

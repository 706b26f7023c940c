import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreditTotalsResponse } from '@smt/shared';
import { useCredits } from '@/features/dashboard/api/get-credits';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES, DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyCredits } from '@/features/dashboard/utils/empty-answers';
import { formatMoney } from '@/lib/format';

type Tally = CreditTotalsResponse['byCurrency'][number]['open'];

const STATES = [
  ['open', DASHBOARD_TEXTS.creditsOpen],
  ['used', DASHBOARD_TEXTS.creditsUsed],
  ['expired', DASHBOARD_TEXTS.creditsExpired],
] as const;

/** How much, and under it how many. */
function TallyCell({ tally, currency }: { tally: Tally; currency: string }) {
  return (
    <TableCell align="right">
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatMoney(tally.amount, currency)}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {DASHBOARD_TEXTS.creditCount(tally.count)}
      </Typography>
    </TableCell>
  );
}

/**
 * The credits ledger's figures (issue 36): per currency, the airline credits still open, used
 * for a ticket and lost to expiry, of the dashboard's filter. A table, not a chart: the three
 * figures are read side by side, never added up.
 */
export function CreditsCard({ request }: { request: DashboardRequest }) {
  const query = useCredits(request);
  return (
    <ChartCard title={CHART_TITLES.credits} query={query} isEmpty={isEmptyCredits}>
      {(answer) => (
        // Narrow cells, so the four columns fit a phone's card.
        <Table
          size="small"
          aria-label={CHART_TITLES.credits}
          sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 0 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{DASHBOARD_TEXTS.currency}</TableCell>
              {STATES.map(([state, label]) => (
                <TableCell key={state} align="right">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.byCurrency.map((each) => (
              <TableRow key={each.currency}>
                <TableCell component="th" scope="row">
                  {each.currency}
                </TableCell>
                {STATES.map(([state]) => (
                  <TallyCell key={state} tally={each[state]} currency={each.currency} />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ChartCard>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { usePotentialVsActual } from '@/features/dashboard/api/get-potential-vs-actual';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { moneyText } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES, DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

/** The potential saving as one figure, with how many reprice opportunities make it. */
export function PotentialSavingCard({ request }: { request: DashboardRequest }) {
  const query = usePotentialVsActual(request);
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.potentialSaving}
      query={query}
      isEmpty={(totals) => totals.potentialCount === 0}
      // The report kinds follow the charts (SPEC §3): this card's is 'ActualSaving'.
      onDownload={() => downloadSavingXls('ActualSaving', request)}
    >
      {(totals) => (
        <Stack
          component="figure"
          spacing={1}
          sx={{ m: 0, minHeight: look.height, alignItems: 'center', justifyContent: 'center' }}
        >
          <Typography
            variant="h4"
            component="p"
            sx={{ color: look.potential, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {moneyText(totals.potential, totals.currency)}
          </Typography>
          <Typography component="figcaption" color="text.secondary">
            {DASHBOARD_TEXTS.opportunities(totals.potentialCount)}
          </Typography>
        </Stack>
      )}
    </ChartCard>
  );
}

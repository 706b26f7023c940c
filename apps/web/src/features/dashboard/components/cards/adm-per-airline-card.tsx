import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdmKind } from '@smt/shared';
import { downloadNotificationsXls } from '@/features/dashboard/api/download-notifications-xls';
import { useAdmPerAirline } from '@/features/dashboard/api/get-adm-per-airline';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import {
  ADM_KIND_LABEL,
  CHART_TITLES,
  DASHBOARD_TEXTS,
} from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyAdmPerAirline } from '@/features/dashboard/utils/empty-answers';
import { admPerAirlineFigures } from '@/features/dashboard/utils/notification-figures';

type AdmPerAirlineCardProps = {
  request: DashboardRequest;
  kind: AdmKind;
  onKindChange: (next: AdmKind) => void;
};

/** ADM notifications per airline: churning, segment removals, or both. */
export function AdmPerAirlineCard({ request, kind, onKindChange }: AdmPerAirlineCardProps) {
  const query = useAdmPerAirline(request, kind);
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.admPerAirline}
      query={query}
      isEmpty={isEmptyAdmPerAirline}
      controls={
        <TextField
          select
          size="small"
          label={DASHBOARD_TEXTS.admKind}
          value={kind}
          onChange={(event) => {
            const next = AdmKind.safeParse(event.target.value);
            if (next.success) onKindChange(next.data);
          }}
          sx={{ minWidth: 150 }}
        >
          {AdmKind.options.map((each) => (
            <MenuItem key={each} value={each}>
              {ADM_KIND_LABEL[each]}
            </MenuItem>
          ))}
        </TextField>
      }
      onDownload={() => downloadNotificationsXls('AdmPerAirline', request, kind)}
    >
      {(answer) => (
        <BarChart
          name={CHART_TITLES.admPerAirline}
          figures={admPerAirlineFigures(answer)}
          colours={[look.groups.ADM]}
          formatValue={String}
        />
      )}
    </ChartCard>
  );
}

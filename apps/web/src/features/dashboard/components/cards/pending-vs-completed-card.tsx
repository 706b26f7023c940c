import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GROUP_LABEL, PANEL_GROUPS, type PanelGroup } from '@smt/shared';
import { useState } from 'react';
import { downloadNotificationsXls } from '@/features/dashboard/api/download-notifications-xls';
import { useCompletedVsTotal } from '@/features/dashboard/api/get-completed-vs-total';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES, DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import {
  pendingVsCompletedFigures,
  type GroupChoice,
} from '@/features/dashboard/utils/notification-figures';

const isPanelGroup = (value: string): value is PanelGroup =>
  (PANEL_GROUPS as readonly string[]).includes(value);

/** Completed and pending notifications per entity, of every group or the one chosen. */
export function PendingVsCompletedCard({ request }: { request: DashboardRequest }) {
  const query = useCompletedVsTotal(request);
  const look = useChartLook();
  const [group, setGroup] = useState<GroupChoice>('ALL');

  return (
    <ChartCard
      title={CHART_TITLES.pendingVsCompleted}
      query={query}
      // The group is chosen here, so what is empty depends on it.
      isEmpty={(answer) =>
        pendingVsCompletedFigures(answer.entries, group).series.every((series) =>
          series.values.every((value) => value === 0),
        )
      }
      controls={
        <TextField
          select
          size="small"
          label={DASHBOARD_TEXTS.group}
          value={group}
          onChange={(event) =>
            setGroup(isPanelGroup(event.target.value) ? event.target.value : 'ALL')
          }
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="ALL">{DASHBOARD_TEXTS.allGroups}</MenuItem>
          {PANEL_GROUPS.map((each) => (
            <MenuItem key={each} value={each}>
              {GROUP_LABEL[each]}
            </MenuItem>
          ))}
        </TextField>
      }
      onDownload={() => downloadNotificationsXls('PendingVsCompleted', request)}
    >
      {(answer) => (
        <BarChart
          name={CHART_TITLES.pendingVsCompleted}
          figures={pendingVsCompletedFigures(answer.entries, group)}
          colours={[look.completed, look.pending]}
          formatValue={String}
          stacked
        />
      )}
    </ChartCard>
  );
}

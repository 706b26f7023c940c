import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { DashboardView } from '@/features/dashboard/utils/dashboard-search-params';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type DashboardViewSwitchProps = {
  value: DashboardView;
  onChange: (next: DashboardView) => void;
};

/** The Monthly / Detailed switch (SPEC §2.6). */
export function DashboardViewSwitch({ value, onChange }: DashboardViewSwitchProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={DASHBOARD_TEXTS.view}
      // Pressing the chosen button again answers null: a view is always chosen.
      onChange={(_event, next: DashboardView | null) => {
        if (next !== null && next !== value) onChange(next);
      }}
    >
      <ToggleButton value="monthly" sx={{ px: 2 }}>
        {DASHBOARD_TEXTS.monthly}
      </ToggleButton>
      <ToggleButton value="detailed" sx={{ px: 2 }}>
        {DASHBOARD_TEXTS.detailed}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

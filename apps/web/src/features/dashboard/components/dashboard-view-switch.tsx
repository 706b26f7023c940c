import { ChoiceSwitch } from '@/components/ui/choice-switch';
import type { DashboardView } from '@/features/dashboard/utils/dashboard-search-params';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type DashboardViewSwitchProps = {
  value: DashboardView;
  onChange: (next: DashboardView) => void;
};

const VIEWS = [
  { value: 'monthly', label: DASHBOARD_TEXTS.monthly },
  { value: 'detailed', label: DASHBOARD_TEXTS.detailed },
] as const;

/** The Monthly / Detailed switch (SPEC §2.6). */
export function DashboardViewSwitch({ value, onChange }: DashboardViewSwitchProps) {
  return (
    <ChoiceSwitch label={DASHBOARD_TEXTS.view} choices={VIEWS} value={value} onChange={onChange} />
  );
}

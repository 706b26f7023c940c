import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { NotificationView } from '@smt/shared';

const VIEW_LABEL: Record<NotificationView, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  ALL: 'All',
};

const VIEWS = Object.keys(VIEW_LABEL) as NotificationView[];

type ViewTabsProps = {
  value: NotificationView;
  onChange: (view: NotificationView) => void;
  small: boolean;
};

/** PENDING, COMPLETED or ALL (SPEC §2.4). */
export function ViewTabs({ value, onChange, small }: ViewTabsProps) {
  return (
    <Tabs
      value={value}
      onChange={(_, next: NotificationView) => onChange(next)}
      aria-label="View"
      variant={small ? 'fullWidth' : 'standard'}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {VIEWS.map((view) => (
        <Tab key={view} value={view} label={VIEW_LABEL[view]} />
      ))}
    </Tabs>
  );
}

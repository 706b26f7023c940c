import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import {
  GROUP_LABEL,
  PANEL_GROUPS,
  SUBTYPES_OF_VIEW,
  type NotificationSort,
  type NotificationView,
  type PanelGroup,
} from '@smt/shared';
import { useState, type ReactNode } from 'react';
import { downloadNotificationCsv } from '@/features/notifications/api/download-notification-csv';
import { useUnreadCounters } from '@/features/notifications/api/get-unread-counters';
import { useCentreDelete } from '@/features/notifications/hooks/use-centre-delete';
import { useCentreSelection } from '@/features/notifications/hooks/use-centre-selection';
import { useSmallScreen } from '@/lib/use-small-screen';
import type {
  CentreListFilter,
  CentreListQuery,
} from '@/features/notifications/utils/centre-list-query';
import { centreNewCount } from '@/features/notifications/utils/centre-new-count';
import { CentreColumns, type CentreColumn } from './centre-columns';
import { CentrePageHeader } from './centre-page-header';
import { CentreSortSelect } from './centre-sort-select';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { NotificationColumn } from './notification-column';
import { SelectionBar } from './selection-bar';
import { ViewTabs } from './view-tabs';

type NotificationCentreProps = {
  view: NotificationView;
  onViewChange: (view: NotificationView) => void;
  sort: NotificationSort;
  onSortChange: (sort: NotificationSort) => void;
  /** Whose notifications (SPEC §6), worked out by the route from the user and the filter. */
  filter: CentreListFilter;
  filters?: ReactNode;
  onViewDetails: (id: number) => void;
};

/** The notifications screen (SPEC §2.4): one column per group, selection and bulk delete. */
export function NotificationCentre({
  view,
  onViewChange,
  sort,
  onSortChange,
  filter,
  filters,
  onViewDetails,
}: NotificationCentreProps) {
  const theme = useTheme();
  const small = useSmallScreen();
  const counters = useUnreadCounters(filter);
  const [expanded, setExpanded] = useState<ReadonlySet<PanelGroup>>(
    () => new Set(PANEL_GROUPS.slice(0, 1)),
  );

  const subtype = [...SUBTYPES_OF_VIEW[view]];
  const queryOf = (group: PanelGroup): CentreListQuery => ({
    ...filter,
    group,
    subtype,
    ...(sort === 'newest' ? {} : { sort }),
  });
  const columns: CentreColumn[] = PANEL_GROUPS.map((group) => ({
    group,
    label: GROUP_LABEL[group],
    colour: theme.palette.groups[group],
    newCount: centreNewCount(counters.data, group, subtype),
  }));
  const shown = small ? PANEL_GROUPS.filter((group) => expanded.has(group)) : PANEL_GROUPS;

  const selection = useCentreSelection(PANEL_GROUPS.map(queryOf), shown.map(queryOf));
  const deletion = useCentreDelete(selection);

  const toggleColumn = (group: PanelGroup, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(group);
      else next.delete(group);
      return next;
    });

  return (
    <>
      <CentrePageHeader
        title="Notifications"
        filters={filters}
        onDownload={() => downloadNotificationCsv({ ...filter, group: 'RECENT', subtype })}
      />
      <ViewTabs value={view} onChange={onViewChange} small={small} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <CentreSortSelect value={sort} onChange={onSortChange} />
      </Box>
      <SelectionBar
        count={selection.selected.size}
        deleting={deletion.deletingSelected}
        small={small}
        onSelectAll={selection.selectAll}
        onUnselectAll={selection.clear}
        onDelete={deletion.askToDeleteSelected}
      />
      <CentreColumns
        columns={columns}
        small={small}
        expanded={expanded}
        onExpandedChange={toggleColumn}
        renderBody={(column) => (
          <NotificationColumn
            query={queryOf(column.group)}
            layout={small ? 'page' : 'panel'}
            label={`${column.label} notifications`}
            selected={selection.selected}
            onSelect={selection.toggle}
            onViewDetails={onViewDetails}
            onDelete={deletion.deleteOne}
            deletingId={deletion.deletingId}
          />
        )}
      />
      <DeleteConfirmDialog deletion={deletion} />
      {/* Room for the bottom bar, so it never hides the last card. */}
      {small && selection.selected.size > 0 && <Toolbar aria-hidden />}
    </>
  );
}

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import {
  GROUP_LABEL,
  GROUP_OF_LIST,
  NOTIFICATION_LIST_VARIANTS,
  SUBTYPES_OF_VARIANT,
  type NotificationListName,
  type NotificationListVariant,
  type NotificationSort,
} from '@smt/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
import { CentrePageHeader } from './centre-page-header';
import { CentreSortSelect } from './centre-sort-select';
import { ColumnHeader } from './column-header';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { NotificationColumn } from './notification-column';
import { SelectionBar } from './selection-bar';

const VARIANT_LABEL: Record<NotificationListVariant, string> = {
  pending: 'Pending',
  complete: 'Complete',
};

type NotificationGroupListProps = {
  list: NotificationListName;
  variant: NotificationListVariant;
  filter: CentreListFilter;
  sort: NotificationSort;
  onSortChange: (sort: NotificationSort) => void;
  filters?: ReactNode;
  /** Where each variant's tab leads (the same list, the same query string). */
  variantPath: (variant: NotificationListVariant) => string;
  onViewDetails: (id: number) => void;
};

/** One group's list (recent: every group), pending or complete (SPEC §2.1). */
export function NotificationGroupList({
  list,
  variant,
  filter,
  sort,
  onSortChange,
  filters,
  variantPath,
  onViewDetails,
}: NotificationGroupListProps) {
  const theme = useTheme();
  const small = useSmallScreen();
  const counters = useUnreadCounters(filter);
  const group = GROUP_OF_LIST[list];
  const label = group === 'RECENT' ? 'Recent' : GROUP_LABEL[group];
  const colour = group === 'RECENT' ? theme.palette.primary.main : theme.palette.groups[group];
  const subtype = [...SUBTYPES_OF_VARIANT[variant]];
  const query: CentreListQuery = {
    ...filter,
    group,
    subtype,
    ...(sort === 'newest' ? {} : { sort }),
  };

  const selection = useCentreSelection([query]);
  const deletion = useCentreDelete(selection);

  return (
    <>
      <CentrePageHeader
        title={label}
        filters={filters}
        onDownload={() => downloadNotificationCsv(query)}
      />
      <Tabs
        value={variant}
        aria-label="Status"
        variant={small ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {NOTIFICATION_LIST_VARIANTS.map((each) => (
          <Tab
            key={each}
            value={each}
            label={VARIANT_LABEL[each]}
            component={RouterLink}
            to={variantPath(each)}
          />
        ))}
      </Tabs>
      <SelectionBar
        count={selection.selected.size}
        deleting={deletion.deletingSelected}
        small={small}
        onSelectAll={selection.selectAll}
        onUnselectAll={selection.clear}
        onDelete={deletion.askToDeleteSelected}
      />
      <Box component="section" aria-label={label}>
        <Box sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <ColumnHeader
            label={VARIANT_LABEL[variant]}
            colour={colour}
            newCount={centreNewCount(counters.data, group, subtype)}
          />
          <CentreSortSelect value={sort} onChange={onSortChange} />
        </Box>
        <NotificationColumn
          query={query}
          layout="page"
          label={`${label} notifications`}
          selected={selection.selected}
          onSelect={selection.toggle}
          onViewDetails={onViewDetails}
          onDelete={deletion.deleteOne}
          deletingId={deletion.deletingId}
        />
      </Box>
      <DeleteConfirmDialog deletion={deletion} />
      {small && selection.selected.size > 0 && <Toolbar aria-hidden />}
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { uiTexts } from '@smt/shared';
import { useId } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import {
  loadedNotifications,
  useNotificationList,
} from '@/features/notifications/api/get-notification-list';
import { useCardKeyboard } from '@/features/notifications/hooks/use-card-keyboard';
import { useCentreLoadMore } from '@/features/notifications/hooks/use-centre-load-more';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { CentreListQuery } from '@/features/notifications/utils/centre-list-query';
import { ColumnError } from './column-error';
import { ColumnSkeleton } from './column-skeleton';
import { NotificationCard } from './notification-card';

export type ColumnCardActions = {
  selected: ReadonlySet<number>;
  onSelect: (id: number, checked: boolean) => void;
  onViewDetails: (id: number) => void;
  onDelete: (id: number) => void;
  deletingId: number | null;
};

type NotificationColumnProps = ColumnCardActions & {
  query: CentreListQuery;
  /** 'panel': a column of the centre, scrolling on its own; 'page': a list's whole page. */
  layout: 'panel' | 'page';
  /** Names the list for readers, e.g. 'Reprice notifications'. */
  label: string;
};

/** A list of cards, ten at a time by 'Show More' or by scrolling to its end (SPEC §2.4). */
export function NotificationColumn({
  query,
  layout,
  label,
  selected,
  onSelect,
  onViewDetails,
  onDelete,
  deletingId,
}: NotificationColumnProps) {
  const list = useNotificationList(query);
  const rows = loadedNotifications(list.data);
  const hintId = useId();
  const keyboard = useCardKeyboard(rows.length, layout === 'panel' ? 'columns' : 'grid');
  const loadMore = () => void list.fetchNextPage();
  const sentinel = useCentreLoadMore(
    loadMore,
    list.hasNextPage && !list.isFetching && !list.isFetchNextPageError,
  );

  if (list.isPending) return <ColumnSkeleton />;
  if (list.isError && rows.length === 0) {
    return <ColumnError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (rows.length === 0) return <EmptyState title={uiTexts.noNotifications} />;

  return (
    <Box
      sx={
        layout === 'panel' ? { maxHeight: '70vh', overflowY: 'auto', pr: 0.5, mr: -0.5 } : undefined
      }
    >
      <Box component="span" id={hintId} sx={visuallyHidden}>
        Arrow keys move between cards; Enter opens the one in focus.
      </Box>
      <Box
        component="ul"
        aria-label={label}
        aria-describedby={hintId}
        {...keyboard.listProps}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns:
            layout === 'page'
              ? { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }
              : '1fr',
        }}
      >
        {rows.map((item, index) => (
          <li key={item.notification_id}>
            <NotificationCard
              item={item}
              tabStop={index === keyboard.tabStop}
              showAgent={query.fetchType === 'all'}
              selected={selected.has(item.notification_id)}
              onSelectChange={(checked) => onSelect(item.notification_id, checked)}
              onViewDetails={() => onViewDetails(item.notification_id)}
              onDelete={() => onDelete(item.notification_id)}
              deleting={deletingId === item.notification_id}
            />
          </li>
        ))}
      </Box>
      {list.isFetchNextPageError && (
        <Box sx={{ mt: 1 }}>
          <ColumnError onRetry={loadMore} retrying={list.isFetchingNextPage} />
        </Box>
      )}
      {list.hasNextPage && !list.isFetchNextPageError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <Button loading={list.isFetchingNextPage} onClick={loadMore}>
            Show More
          </Button>
        </Box>
      )}
      <Box ref={sentinel} aria-hidden sx={{ height: '1px' }} />
    </Box>
  );
}

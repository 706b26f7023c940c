import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartFailure } from '@/features/dashboard/components/chart-failure';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type ChartCardProps<T> = {
  title: string;
  query: UseQueryResult<T>;
  /** Nothing to chart: the card says so instead. */
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** The chart's own dropdowns and toggles, beside its title. */
  controls?: ReactNode;
  /** Fetches and saves the chart's figures as XLS. */
  onDownload?: () => Promise<void>;
  headingLevel?: 'h2' | 'h3';
};

/** A chart in a card: its title and controls, then a skeleton, a failure, 'empty' or the chart. */
export function ChartCard<T>({
  title,
  query,
  isEmpty,
  children,
  controls,
  onDownload,
  headingLevel = 'h2',
}: ChartCardProps<T>) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ minWidth: 0, height: '100%' }}
    >
      <Stack spacing={2} sx={{ p: 2, height: '100%' }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography
            id={titleId}
            variant="subtitle1"
            component={headingLevel}
            sx={{ fontWeight: 600 }}
          >
            {title}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            {controls}
            {onDownload && (
              <DownloadCsvButton label={DASHBOARD_TEXTS.xls} onDownload={onDownload} />
            )}
          </Stack>
        </Stack>
        {/* A chart that cannot draw fails alone, not the whole dashboard. */}
        <ErrorBoundary fallback={({ reset }) => <ChartFailure onRetry={reset} retrying={false} />}>
          <ChartCardBody query={query} isEmpty={isEmpty}>
            {children}
          </ChartCardBody>
        </ErrorBoundary>
      </Stack>
    </Card>
  );
}

type ChartCardBodyProps<T> = Pick<ChartCardProps<T>, 'query' | 'isEmpty' | 'children'>;

function ChartCardBody<T>({ query, isEmpty, children }: ChartCardBodyProps<T>) {
  const look = useChartLook();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <Box sx={{ minHeight: look.height }}>
          <ChartFailure onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Box>
      );
    }
    return (
      <Skeleton
        variant="rounded"
        height={look.height}
        role="status"
        aria-label={DASHBOARD_TEXTS.loading}
      />
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Box sx={{ minHeight: look.height, display: 'grid', alignItems: 'center' }}>
        <EmptyState title={errorMessages.emptyChartTitle} text={errorMessages.emptyChartText} />
      </Box>
    );
  }
  return <>{children(query.data)}</>;
}

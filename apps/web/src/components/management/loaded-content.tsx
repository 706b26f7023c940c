import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { managementTexts } from '@/lib/management/management-texts';

type LoadedContentProps<Data> = {
  query: UseQueryResult<Data>;
  /** The placeholder's height while loading: about the content's. */
  height: number;
  cantLoad: string;
  variant?: 'outlined';
  children: (data: Data) => ReactNode;
};

/** What a form starts from: a placeholder while it loads, a way to try again if it failed. */
export function LoadedContent<Data>({
  query,
  height,
  cantLoad,
  variant,
  children,
}: LoadedContentProps<Data>) {
  if (query.isPending) {
    return (
      <Skeleton
        variant="rounded"
        height={height}
        role="progressbar"
        aria-label={managementTexts.loading}
      />
    );
  }
  if (query.isError) {
    return (
      <RetryAlert
        variant={variant}
        message={cantLoad}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}

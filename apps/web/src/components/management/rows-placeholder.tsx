import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { managementTexts } from '@/lib/management/management-texts';

type RowsPlaceholderProps = { rows: number };

/** A list while it loads: grey rows where its rows will be. */
export function RowsPlaceholder({ rows }: RowsPlaceholderProps) {
  return (
    <Stack spacing={1} role="progressbar" aria-label={managementTexts.loading} aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

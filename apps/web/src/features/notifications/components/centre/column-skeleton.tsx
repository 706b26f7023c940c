import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

const CARDS = 3;

/** Placeholder cards while a column's first chunk loads. */
export function ColumnSkeleton() {
  return (
    <Stack spacing={1} role="progressbar" aria-label="Loading notifications" aria-busy>
      {Array.from({ length: CARDS }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ p: 1.5 }}>
          <Skeleton width="70%" />
          <Skeleton width="90%" />
          <Skeleton width="50%" />
          <Skeleton width="40%" />
        </Card>
      ))}
    </Stack>
  );
}

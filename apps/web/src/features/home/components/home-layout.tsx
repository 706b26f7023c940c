import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type HomeLayoutProps = { summary: ReactNode; total: ReactNode; groups: ReactNode };

/**
 * Home's frame: on wide screens the summary beside the total chart, the group cards in a row
 * beneath; on phones one column in the same order.
 */
export function HomeLayout({ summary, total, groups }: HomeLayoutProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
      }}
    >
      {summary}
      {total}
      <Box sx={{ gridColumn: '1 / -1' }}>{groups}</Box>
    </Box>
  );
}

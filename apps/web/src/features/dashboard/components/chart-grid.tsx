import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Two charts a row from 'md', one a row below it. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

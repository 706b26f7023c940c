import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type HomeGridProps = { children: ReactNode };

/** The group cards: one column on phones, then two, three, and all five in a row. */
export function HomeGrid({ children }: HomeGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}

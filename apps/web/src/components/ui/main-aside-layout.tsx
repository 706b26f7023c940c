import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

type MainAsideLayoutProps = { main: ReactNode; aside: ReactNode };

/** A stack of cards with a narrower column beside it on a wide screen, below it on a phone. */
export function MainAsideLayout({ main, aside }: MainAsideLayoutProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {main}
      </Stack>
      {aside}
    </Box>
  );
}

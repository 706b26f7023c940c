import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

type MessageScreenProps = { icon?: ReactNode; children: ReactNode };

/** The centred layout every full-screen message (errors, not found, no storage) shares. */
export function MessageScreen({ icon, children }: MessageScreenProps) {
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560 }}>
        {icon}
        {children}
      </Stack>
    </Box>
  );
}

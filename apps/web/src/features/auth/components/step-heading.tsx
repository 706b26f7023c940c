import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type StepHeadingProps = { title: string; children?: ReactNode };

export function StepHeading({ title, children }: StepHeadingProps) {
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children && <Typography color="text.secondary">{children}</Typography>}
    </Stack>
  );
}

import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type FormPageProps = {
  title: string;
  /** Full width, for a form with something beside it (a preview). */
  wide?: boolean;
  children: ReactNode;
};

/** A form's page: its title over the form. */
export function FormPage({ title, wide = false, children }: FormPageProps) {
  return (
    <Stack spacing={2} sx={wide ? undefined : { maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
      </Paper>
    </Stack>
  );
}

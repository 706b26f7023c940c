import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  /** The page's own buttons (a download, an add), at the row's end. */
  children?: ReactNode;
};

/**
 * A page's heading and its buttons on one row; the buttons go under it when there is no room,
 * flush with the heading (a gap, not the margin Stack puts before every child but the first).
 */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

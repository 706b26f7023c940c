import InboxIcon from '@mui/icons-material/InboxOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { uiTexts } from '@smt/shared';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  title?: string;
  text?: string;
  icon?: ReactNode;
};

/** What a list or panel shows when there is nothing in it, 'No data available' by default. */
export function EmptyState({
  title = uiTexts.noDataAvailable,
  text,
  icon = <InboxIcon color="disabled" sx={{ fontSize: 48 }} />,
}: EmptyStateProps) {
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
    >
      {icon}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text !== undefined && <Typography color="text.secondary">{text}</Typography>}
    </Stack>
  );
}

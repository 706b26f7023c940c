import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';

type ShareItemProps = { icon: ReactNode; label: string; href?: string; onClick: () => void };

/** One way to share: a link out (mail, chat) or a button. */
export function ShareItem({ icon, label, href, onClick }: ShareItemProps) {
  const link = href?.startsWith('http')
    ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
    : href
      ? { component: 'a' as const, href }
      : {};
  return (
    <ListItemButton {...link} onClick={onClick}>
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

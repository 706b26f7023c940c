import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type UnreadBadgeProps = {
  count: number;
  /** On a red header a red badge would vanish. */
  color?: 'error' | 'primary';
  children: ReactNode;
};

/** The drawn count only; readers get it from `UnreadCountText` after the link's label. */
export function UnreadBadge({ count, color = 'error', children }: UnreadBadgeProps) {
  return (
    <Badge
      badgeContent={count}
      max={99}
      color={color}
      slotProps={{ badge: { 'aria-hidden': true } }}
    >
      {children}
    </Badge>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function unreadCountText(count: number): string {
  return count > 0 ? ` (${count} unread)` : '';
}

/** ' (7 unread)' for screen readers, so a link reads 'Notifications (7 unread)'. */
export function UnreadCountText({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Box component="span" sx={visuallyHidden}>
      {unreadCountText(count)}
    </Box>
  );
}

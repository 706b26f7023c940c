import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

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

export function unreadCountText(count: number): string {
  return count > 0 ? ` (${count} unread)` : '';
}

/** ' (7 unread)' for screen readers, so a link reads 'Notifications (7 unread)'. */
export function UnreadCountText({ count }: { count: number }) {
  if (count === 0) return null;
  return <VisuallyHidden>{unreadCountText(count)}</VisuallyHidden>;
}

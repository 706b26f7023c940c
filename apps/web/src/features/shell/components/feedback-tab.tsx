import Link from '@mui/material/Link';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

type FeedbackTabProps = { url: string };

/**
 * The room, in theme spacing, the page keeps free at its right edge while the tab shows: the
 * tab is fixed there, and page content under it (a pager's next button) could not be clicked.
 */
export const FEEDBACK_TAB_ROOM = 6;

/** A vertical tab on the right edge that opens the feedback form in a new tab (SPEC §2.13). */
export function FeedbackTab({ url }: FeedbackTabProps) {
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      underline="none"
      sx={(theme) => ({
        position: 'fixed',
        right: 0,
        top: '50%',
        // Narrower than the room the page keeps for it, whatever the font.
        boxSizing: 'border-box',
        maxWidth: theme.spacing(FEEDBACK_TAB_ROOM),
        overflow: 'hidden',
        zIndex: theme.zIndex.appBar,
        // Reads bottom to top, the way side tabs do.
        writingMode: 'vertical-rl',
        transform: 'translateY(-50%) rotate(180deg)',
        px: 1,
        py: 2,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        borderRadius: `0 ${theme.shape.borderRadius}px ${theme.shape.borderRadius}px 0`,
        boxShadow: theme.shadows[2],
        typography: 'button',
        '&:hover': { bgcolor: 'primary.dark' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
      })}
    >
      {SHELL_LABELS.feedback}
    </Link>
  );
}

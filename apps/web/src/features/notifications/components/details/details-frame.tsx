import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TransitionProps } from '@mui/material/transitions';
import { ROUTES } from '@smt/shared';
import { forwardRef, useId, type ReactElement, type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { detailsTexts } from './details-texts';
import { useSmallScreen } from '@/lib/use-small-screen';

type DetailsFrameProps = {
  title: string;
  onClose: () => void;
  pnrsLinkShown: boolean;
  /** The notification's PNR, which the link opens My PNRs on once the details are read. */
  pnrNumber?: string | null;
  children: ReactNode;
};

const SlideUp = forwardRef(function SlideUp(
  props: TransitionProps & { children: ReactElement },
  ref: Ref<unknown>,
) {
  return <Slide direction="up" ref={ref} {...props} />;
});

/**
 * Below 'sm' a full-screen dialog sliding up; from 'sm' a panel from the right, 90% of the
 * width up to 'lg' and 80% from there (SPEC §2.5). Esc and the close button close both.
 */
export function DetailsFrame({
  title,
  onClose,
  pnrsLinkShown,
  pnrNumber,
  children,
}: DetailsFrameProps) {
  const small = useSmallScreen();
  const titleId = useId();

  const bar = (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        px: { xs: 2, sm: 3 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id={titleId} variant="h6" component="h1" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      {!small && pnrsLinkShown && (
        <Link
          component={RouterLink}
          to={
            pnrNumber
              ? `${ROUTES.myPnrs.path}?${new URLSearchParams({ pnrNumber }).toString()}`
              : ROUTES.myPnrs.path
          }
          variant="body2"
        >
          {detailsTexts.viewPnrs}
        </Link>
      )}
      <IconButton aria-label={detailsTexts.close} onClick={onClose} edge="end">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
  const body = (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 2, bgcolor: 'background.default', flex: 1 }}>
      {children}
    </Box>
  );

  if (small) {
    return (
      <Dialog
        open
        fullScreen
        onClose={onClose}
        aria-labelledby={titleId}
        slots={{ transition: SlideUp }}
      >
        {bar}
        {body}
      </Dialog>
    );
  }
  return (
    <Drawer
      open
      anchor="right"
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { sm: '90%', lg: '80%' }, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      {bar}
      {body}
    </Drawer>
  );
}

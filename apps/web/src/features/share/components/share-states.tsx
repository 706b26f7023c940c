import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import type { ReactNode } from 'react';
import { SHARE_TEXTS } from '@/features/share/share-texts';

export function ShareLoading() {
  return (
    <Box
      sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-label={SHARE_TEXTS.loading} />
    </Box>
  );
}

function ShareMessage({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack
      role="alert"
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}
    >
      {icon}
      {children}
    </Stack>
  );
}

/** A wrong, old or withdrawn link: the server answers NOT_FOUND (SPEC §8). */
export function LinkExpired() {
  return (
    <ShareMessage icon={<LinkOffIcon color="action" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h2">
        {errorMessages.linkExpiredTitle}
      </Typography>
      <Typography color="text.secondary">{errorMessages.linkExpiredText}</Typography>
    </ShareMessage>
  );
}

type ShareErrorProps = { onRetry: () => void; retrying: boolean };

/** Any other failure: the generic error view, with a way to try again. */
export function ShareError({ onRetry, retrying }: ShareErrorProps) {
  return (
    <ShareMessage icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h2">
        {errorMessages.genericTitle}
      </Typography>
      <Typography color="text.secondary">{errorMessages.genericText}</Typography>
      <Button variant="outlined" onClick={onRetry} loading={retrying} sx={{ mt: 1 }}>
        {SHARE_TEXTS.tryAgain}
      </Button>
    </ShareMessage>
  );
}

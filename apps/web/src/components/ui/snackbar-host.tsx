import { styled } from '@mui/material/styles';
import { SNACK_DURATION_MS } from '@smt/shared';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { serveSnacks } from '@/components/ui/snack-queue';

/** Green and red snacks (SPEC §8) take their colours from the theme, not notistack's own. */
const ThemedSnackContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
}));

const SNACK_COMPONENTS = { success: ThemedSnackContent, error: ThemedSnackContent };

/** notistack's provider on its own, showing what the snack queue hands it. */
export function SnackbarHost() {
  useEffect(() => serveSnacks(({ message, options }) => enqueueSnackbar(message, options)), []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACK_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={SNACK_COMPONENTS}
    />
  );
}

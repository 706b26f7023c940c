import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import { SNACK_DURATION_MS } from '@smt/shared';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  SnackbarProvider,
  type SnackbarKey,
} from 'notistack';
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

const UNDO = 'Undo';

/** notistack's provider on its own, showing what the snack queue hands it. */
export function SnackbarHost() {
  useEffect(
    () =>
      serveSnacks(({ message, options, undo }) =>
        enqueueSnackbar(
          message,
          undo
            ? {
                ...options,
                action: (key: SnackbarKey) => (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      undo();
                    }}
                  >
                    {UNDO}
                  </Button>
                ),
              }
            : options,
        ),
      ),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACK_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={SNACK_COMPONENTS}
    />
  );
}

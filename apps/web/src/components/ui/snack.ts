import { styled } from '@mui/material/styles';
import { MaterialDesignContent, useSnackbar } from 'notistack';
import { useMemo } from 'react';

export type Snack = {
  success: (message: string) => void;
  error: (message: string) => void;
};

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

export const snackComponents = {
  success: ThemedSnackContent,
  error: ThemedSnackContent,
};

export function useSnack(): Snack {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message) => enqueueSnackbar(message, { variant: 'success' }),
      error: (message) => enqueueSnackbar(message, { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}

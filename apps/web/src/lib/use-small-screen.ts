import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SMALL_SCREEN_BREAKPOINT } from '@smt/shared';

/** Below 'sm' (SPEC §9): the compact shell, folded columns, full-screen details, row cards. */
export function useSmallScreen(): boolean {
  const theme = useTheme();
  // Read at once, so a phone never renders the wide header first.
  return useMediaQuery(theme.breakpoints.down(SMALL_SCREEN_BREAKPOINT), { noSsr: true });
}

import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SMALL_SCREEN_BREAKPOINT } from '@smt/shared';

/** Below 'sm' (SPEC §9) the centre's columns fold into an accordion. */
export function useCentreSmallScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(SMALL_SCREEN_BREAKPOINT), { noSsr: true });
}

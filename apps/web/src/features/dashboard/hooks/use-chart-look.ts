import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSmallScreen } from '@/lib/use-small-screen';

/** The charts' colours, size and motion, from the theme and the screen. */
export function useChartLook() {
  const theme = useTheme();
  const small = useSmallScreen();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { palette } = theme;

  return {
    animation: reduceMotion ? (false as const) : undefined,
    height: small ? 220 : 260,
    legendPosition: small ? ('bottom' as const) : ('right' as const),
    text: palette.text.secondary,
    strongText: palette.text.primary,
    grid: palette.divider,
    font: theme.typography.fontFamily,
    potential: palette.primary.main,
    actual: palette.success.main,
    completed: palette.success.main,
    pending: palette.warning.main,
    count: palette.primary.main,
    groups: palette.groups,
    other: palette.grey[400],
    // Enough distinct colours for a share chart's ten items and 'Other'.
    slices: [
      palette.primary.main,
      palette.groups.REPRICE,
      palette.groups.ADM,
      palette.groups.RESCHEDULE,
      palette.groups.TICKETING_DUE,
      palette.groups.WAITLIST,
      palette.success.main,
      palette.info.main,
      palette.secondary.main,
      palette.error.main,
      palette.warning.dark,
    ],
  };
}

export type ChartLook = ReturnType<typeof useChartLook>;

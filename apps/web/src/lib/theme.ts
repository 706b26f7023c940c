import { createTheme, getContrastRatio } from '@mui/material/styles';
import { BREAKPOINTS, CONTENT_MAX_WIDTH_PX, GROUP_COLOUR } from '@smt/shared';

export type GroupPalette = Record<keyof typeof GROUP_COLOUR, string>;

export type LayoutOptions = {
  /** The widest a page's content grows, centred beyond it (SPEC §2.13). */
  contentMaxWidth: number;
};

// MUI's theme types can only be extended by merging into its interfaces.
declare module '@mui/material/styles' {
  interface Palette {
    groups: GroupPalette;
  }
  interface PaletteOptions {
    groups?: GroupPalette;
  }
  interface Theme {
    layout: LayoutOptions;
  }
  interface ThemeOptions {
    layout?: LayoutOptions;
  }
}

// No web fonts: the CSP allows none from elsewhere, and the system stack looks native.
const SYSTEM_FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    // A button's text is white only where white reads at WCAG AA's 4.5:1.
    contrastThreshold: 4.5,
    primary: { main: '#1565c0' },
    // Snacks read these: green for success, red for error (SPEC §8).
    success: { main: '#2e7d32' },
    error: { main: '#d32f2f' },
    background: { default: '#f5f7fa' },
    groups: GROUP_COLOUR,
  },
  // Buttons read the product's texts as written ('Back to login page'), not shouted.
  typography: { fontFamily: SYSTEM_FONT_STACK, button: { textTransform: 'none' } },
  layout: { contentMaxWidth: CONTENT_MAX_WIDTH_PX },
  components: {
    // Text on MUI's light selected and disabled fills falls under WCAG's 4.5:1; these keep it.
    MuiToggleButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          color: theme.palette.text.secondary,
          '&.Mui-selected': { color: theme.palette.primary.dark },
        }),
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-disabled': { color: theme.palette.text.secondary },
        }),
      },
    },
  },
});

/**
 * The text colour on a group's colour (its 'N new' chip): white where white reads at WCAG AA's
 * 4.5:1, else opaque black. Not `palette.getContrastText`, whose dark text is black at 87%
 * opacity: on ADM's pink that renders #1e040d and reads at 4.47:1, under the line.
 */
export function textOnColour(colour: string): '#fff' | '#000' {
  return getContrastRatio(colour, '#fff') >= 4.5 ? '#fff' : '#000';
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorScreen } from '@/components/errors/error-screen';
import { SnackHost } from '@/components/ui/snack-host';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';

type ProvidersProps = { children: ReactNode };

// Our theme has no CSS variables or colour schemes, so it goes to the plain theme provider that
// MUI's own hands it to: MUI's also carries the CSS-variables provider, which every first
// screen would load for nothing. `vars: null`, as MUI's passes such a theme on.
const plainTheme = { ...theme, vars: null };

/** Theme and baseline styles only: enough for the screens shown before the app can start. */
export function AppThemeProvider({ children }: ProvidersProps) {
  return (
    <ThemeProvider theme={plainTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

type AppProvidersProps = ProvidersProps & {
  /** The client start-app.tsx started the first calls with; a new one when not given. */
  queryClient?: QueryClient;
};

export function AppProviders({ children, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppThemeProvider>
      <ErrorBoundary fallback={<ErrorScreen />}>
        <QueryClientProvider client={queryClient}>
          {children}
          <SnackHost />
        </QueryClientProvider>
      </ErrorBoundary>
    </AppThemeProvider>
  );
}

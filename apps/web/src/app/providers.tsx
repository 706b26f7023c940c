import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorScreen } from '@/components/errors/error-screen';
import { SnackHost } from '@/components/ui/snack-host';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';

type ProvidersProps = { children: ReactNode };

/** Theme and baseline styles only: enough for the screens shown before the app can start. */
export function AppThemeProvider({ children }: ProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: ProvidersProps) {
  const [queryClient] = useState(createQueryClient);
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

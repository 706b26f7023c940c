import { APP_BASE_PATH } from '@smt/shared';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorScreen } from '@/components/errors/error-screen';
import { VersionCheck } from '@/features/version-check/components/version-check';

type AppProps = { queryClient?: QueryClient };

export function App({ queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <VersionCheck />
      <BrowserRouter basename={APP_BASE_PATH}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

/** The routes, with the error screen in place of a page that failed until the path changes. */
function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(appRoutes);
  return (
    <ErrorBoundary fallback={<ErrorScreen />} resetKey={pathname}>
      {page}
    </ErrorBoundary>
  );
}

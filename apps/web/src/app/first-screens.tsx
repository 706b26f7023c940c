import { FIRST_SCREEN_SLOTS, ROUTES } from '@smt/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppThemeProvider } from '@/app/providers';
import { LoginPage } from '@/features/auth/components/login-page';
import { AppLogo } from '@/features/shell/components/app-logo';
import { ShellSkeleton } from '@/features/shell/components/shell-skeleton';

// Rendered once at build time (apps/web/build/prerender.ts), never in the browser: the first
// screen of a route as HTML for the document, so that the browser paints it before the app's
// script has arrived. React replaces it when the app starts, with the same markup and styles.

/** The sign-in form as a first visit shows it: empty, at the default phone code. */
export function loginFirstScreen(): string {
  return renderToString(
    <AppThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={ROUTES.login.path}>
          <LoginPage
            captchaMode="solve"
            termsUrl={FIRST_SCREEN_SLOTS.termsUrl}
            privacyUrl={FIRST_SCREEN_SLOTS.privacyUrl}
            logo={<AppLogo to={ROUTES.login.path} />}
          />
        </StaticRouter>
      </QueryClientProvider>
    </AppThemeProvider>,
  );
}

/** The signed-in frame with its title slot, which the server fills with the route's title. */
export function shellFirstScreen(): string {
  return renderToString(
    <AppThemeProvider>
      <StaticRouter location={ROUTES.root.path}>
        <ShellSkeleton title={FIRST_SCREEN_SLOTS.pageTitle} />
      </StaticRouter>
    </AppThemeProvider>,
  );
}

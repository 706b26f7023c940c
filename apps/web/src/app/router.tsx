import { APP_BASE_PATH } from '@smt/shared';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { PageLoader } from '@/components/layout/page-loader';

/** A page as a chunk of its own, loaded on first visit: `lazyPage(() => import(...), 'Name')`. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

// Paths come from ROUTES of @smt/shared, e.g. { path: ROUTES.home.path, element: lazyPage(...) }.
const pageRoutes: RouteObject[] = [
  { path: '*', element: lazyPage(() => import('@/app/routes/not-found'), 'NotFoundRoute') },
];

export function createAppRouter() {
  return createBrowserRouter(
    // Pathless, so it only adds the error screen without taking part in matching.
    [{ errorElement: <ErrorScreen />, children: pageRoutes }],
    { basename: APP_BASE_PATH },
  );
}

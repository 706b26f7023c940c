import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { VersionCheck } from '@/features/version-check/components/version-check';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <VersionCheck />
      <RouterProvider router={router} />
    </AppProviders>
  );
}

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { stubApi } from '@/testing/stub-api';

describe('ShareRoute', () => {
  it('should open a shared link without signing in when nobody is signed in', async () => {
    const calls = stubApi({
      'GET /api/public/share/notification/7/1770000000000/tok-en_1': {
        body: {
          responseData: { notificationType: 'TD', pnrNumber: 'XYZ789', flights: [] },
          designProperties: { header: null, footer: null },
        },
      },
    });
    const router = createMemoryRouter(appRoutes, {
      initialEntries: ['/share/notification/7/1770000000000/tok-en_1'],
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(await screen.findByText(SHARE_TEXTS.ticketingDueIntro)).toBeTruthy();
    // No session asked for and no app shell around the page.
    expect(calls.map((call) => call.path)).toEqual([
      '/api/public/share/notification/7/1770000000000/tok-en_1',
    ]);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(router.state.location.pathname).toBe('/share/notification/7/1770000000000/tok-en_1');
  });
});

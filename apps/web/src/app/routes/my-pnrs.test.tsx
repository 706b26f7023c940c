import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyPnrsRoute } from '@/app/routes/my-pnrs';
import { aFlight } from '@/features/notifications/components/details/details-test-data';
import {
  pnrDetails,
  pnrPage,
  pnrRow,
  stubPnrServer,
} from '@/features/pnrs/components/pnr-test-server';
import { renderWithApp } from '@/testing/render-app';

// The route composes My PNRs with the notification details' cards: an expanded booking shows
// its flights as the details' Flights tab does.

describe('MyPnrsRoute', () => {
  it("should say who flies a codeshare flight in an expanded booking's flights", async () => {
    stubPnrServer({
      list: { body: pnrPage([pnrRow(1)]) },
      details: {
        body: pnrDetails({
          flights: [
            aFlight({ airline: 'BA', flight_number: '117', operating_airline: 'AA' }),
            aFlight({ flight_number: '316' }),
          ],
        }),
      },
    });
    renderWithApp(<MyPnrsRoute />, '/my-pnrs');

    await userEvent.click(await screen.findByRole('button', { name: 'Expand PNR PNR001' }));

    const details = screen.getByRole('region', { name: 'Details of PNR PNR001' });
    const flights = await within(details).findByRole('list', { name: 'Flights' });
    const [codeshare, own] = within(flights).getAllByRole('listitem');
    expect(within(codeshare!).getByText('BA 117 operated by AA')).toBeTruthy();
    expect(within(own!).getByText('LY 316')).toBeTruthy();
    expect(within(own!).queryByText(/operated by/)).toBeNull();
  });
});

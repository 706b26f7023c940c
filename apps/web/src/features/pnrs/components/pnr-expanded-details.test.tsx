import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PnrListItem } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrExpandedDetails } from './pnr-expanded-details';
import {
  PNR_DETAILS_PATH,
  queriesSentTo,
  pnrDetails,
  pnrRow,
  stubPnrServer,
} from './pnr-test-server';

// A failure that may pass is asked twice (the query retries once) before it shows.
const RETRIED = { timeout: 4_000 };

const SLOTS: PnrDetailsSlots = {
  booking: (details) => <p>Booking cards of {details.pnr.id}</p>,
  notifications: (pnrNumber) => <p>Notifications of {pnrNumber}</p>,
};

function renderDetails(row: PnrListItem, withTicketing = true) {
  renderWithApp(<PnrExpandedDetails row={row} slots={SLOTS} withTicketing={withTicketing} />);
}

describe('PnrExpandedDetails', () => {
  it("should show the booking's cards, contact and notifications when its details load", async () => {
    stubPnrServer({ details: { body: pnrDetails() } });
    renderDetails(pnrRow(7));

    expect(await screen.findByText('Booking cards of PNR001')).toBeTruthy();
    expect(screen.getByText('Notifications of PNR007')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contact' }).textContent).toContain('Dana Levi');
    expect(screen.getByRole('link', { name: '+972501234567' }).getAttribute('href')).toBe(
      'tel:+972501234567',
    );
    expect(queriesSentTo(PNR_DETAILS_PATH)).toEqual(['?id=7']);
  });

  it('should show the generic error panel and load again when Try again is pressed', async () => {
    let failing = true;
    stubPnrServer({
      // Not in the contract's error shape: the client knows no message of the server's.
      details: () => (failing ? { status: 502, body: 'Bad gateway' } : { body: pnrDetails() }),
    });
    renderDetails(pnrRow(7));

    expect(await screen.findByText('Something has happened', {}, RETRIED)).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
    // The notifications are another call: they show whatever became of the details.
    expect(screen.getByText('Notifications of PNR007')).toBeTruthy();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Booking cards of PNR001')).toBeTruthy();
    expect(screen.queryByText('Something has happened')).toBeNull();
  });

  it("should show the server's message in the error panel when it gives one", async () => {
    stubPnrServer({
      details: { status: 404, body: { code: 'NOT_FOUND', message: 'PNR not found' } },
    });
    renderDetails(pnrRow(7));

    expect(await screen.findByText('Something has happened')).toBeTruthy();
    expect(screen.getByText('PNR not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('should offer ticketing only for an OTA booking', async () => {
    stubPnrServer({ details: { body: pnrDetails() } });
    renderDetails(pnrRow(7, { type: 'REGULAR' }));
    await screen.findByText('Booking cards of PNR001');

    expect(screen.queryByRole('button', { name: 'Send to ticketing' })).toBeNull();
  });

  it('should show ticketing for an OTA booking when its row asks for it', () => {
    stubPnrServer({ details: { body: pnrDetails() } });
    renderDetails(pnrRow(7, { type: 'OTA' }));

    expect(screen.getByRole('button', { name: 'Send to ticketing' })).toBeTruthy();
  });

  it('should leave ticketing out when the card shows it', () => {
    stubPnrServer({ details: { body: pnrDetails() } });
    renderDetails(pnrRow(7, { type: 'OTA' }), false);

    expect(screen.queryByRole('button', { name: 'Send to ticketing' })).toBeNull();
  });
});

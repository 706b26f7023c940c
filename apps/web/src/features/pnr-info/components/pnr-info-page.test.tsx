import type { PnrInfo } from '@smt/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { PnrInfoPage } from './pnr-info-page';

const INFO: PnrInfo = {
  booking: {
    id: 7,
    pnrNumber: 'ABC123',
    gdsId: 'SIM',
    provider: 'Simulator',
    unsupported: [],
    type: 'OTA',
    agencyName: 'Demo Travel',
    branchPcc: 'TLV1',
    queue: null,
    agentName: 'Adam Agent',
    monitored: true,
    lastCheckedAt: '2026-03-02T06:00:00.000Z',
    nextCheckAt: '2026-03-02T06:30:00.000Z',
    lastPurchaseAt: '2026-03-03T02:00:00.000Z',
  },
  snapshot: null,
  snapshotTakenAt: null,
  fare: { fareBasis: 'YHXFL', total: 527.47, currency: 'USD', lastPurchase: null },
  checks: [
    {
      checkedAt: '2026-03-02T06:00:00.000Z',
      gdsTime: '2026-03-02T06:00:00.000Z',
      result: 'checked',
      changed: true,
      error: null,
      decisions: [
        {
          detector: 'Reprice',
          outcome: 'nothing',
          reason: 'gross 12.40 USD, net 12.40 USD: below the minimum 15.00',
          notificationIds: [],
        },
        {
          detector: 'TicketingDue',
          outcome: 'raised',
          reason: 'Issue tickets by 03/03/2026 02:00 UTC',
          notificationIds: [41],
        },
      ],
    },
    {
      checkedAt: '2026-03-02T05:30:00.000Z',
      gdsTime: null,
      result: 'failed',
      changed: false,
      error: 'GDS timed out',
      decisions: [],
    },
  ],
  notifications: [
    {
      id: 41,
      type: 'TicketingDue',
      group: 'TICKETING_DUE',
      subtype: 'Pending',
      status: 'NEW',
      title: 'Ticketing due',
      titleMessage: 'Issue tickets by 03/03/2026 02:00 UTC',
      notificationTime: '2026-03-02T06:00:00.000Z',
    },
  ],
};

const sabreFoundOn = (queue: number): PnrInfo => ({
  ...INFO,
  booking: { ...INFO.booking, gdsId: 'SABRE', provider: 'Sabre', queue },
});

function renderPage(pnrNumber: string | null) {
  const onSearch = vi.fn();
  renderWithApp(
    <PnrInfoPage pnrNumber={pnrNumber} onSearch={onSearch} renderSnapshot={() => null} />,
  );
  return { onSearch, user: userEvent.setup() };
}

describe('PnrInfoPage', () => {
  it('should ask nothing and search with the number uppercased when it is valid', async () => {
    const calls = stubApi({});
    const { onSearch, user } = renderPage(null);

    await user.type(screen.getByRole('textbox', { name: 'PNR number' }), 'abc123{Enter}');

    expect(onSearch).toHaveBeenCalledWith('ABC123');
    expect(calls).toHaveLength(0);
  });

  it("should show the rule's message and not search when the number is malformed", async () => {
    stubApi({});
    const { onSearch, user } = renderPage(null);

    await user.type(screen.getByRole('textbox', { name: 'PNR number' }), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(screen.getByText('Should be alphanumeric value from 6 to 10 characters')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("should show the server's 'PNR not found' when no booking has the number", async () => {
    stubApi({
      'GET /api/admin/pnr/info': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'PNR not found', reason: 'management.pnr-not-found' },
      },
    });
    renderPage('ZZZ9999');

    expect(await screen.findByText('PNR not found')).toBeTruthy();
  });

  it('should show the booking, its notification linked and each check with its decisions', async () => {
    stubApi({ 'GET /api/admin/pnr/info': { body: INFO } });
    renderPage('ABC123');

    expect(await screen.findByRole('heading', { name: 'Booking ABC123' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Ticketing due: Issue tickets/ });
    expect(link.getAttribute('href')).toBe('/notifications/41');
    const history = screen.getByRole('region', { name: 'Check history' });
    expect(
      within(history).getByText('gross 12.40 USD, net 12.40 USD: below the minimum 15.00'),
    ).toBeTruthy();
    expect(within(history).getByText('Raised')).toBeTruthy();
    expect(within(history).getAllByText('Failed')).toHaveLength(1);
    expect(screen.getByText('The GDS no longer has this booking')).toBeTruthy();
  });

  it('should name the reservation system and list the detectors it keeps from running, with why', async () => {
    const duffel: PnrInfo = {
      ...INFO,
      booking: {
        ...INFO.booking,
        gdsId: 'DUFFEL',
        provider: 'Duffel',
        unsupported: [
          { detector: 'Churning', reason: 'Duffel keeps no segment history' },
          { detector: 'HoldsWaitlist', reason: 'Duffel has no waitlists' },
        ],
      },
    };
    stubApi({ 'GET /api/admin/pnr/info': { body: duffel } });
    renderPage('ABC123');

    expect(await screen.findByText('Duffel')).toBeTruthy();
    expect(
      screen.getByText(
        'Not watched on this booking: Churning (Duffel keeps no segment history), Waitlist (Duffel has no waitlists).',
      ),
    ).toBeTruthy();
  });

  it('should list nothing as unwatched on a booking whose system supports every detector', async () => {
    stubApi({ 'GET /api/admin/pnr/info': { body: INFO } });
    renderPage('ABC123');

    expect(await screen.findByText('Simulator')).toBeTruthy();
    expect(screen.queryByText(/^Not watched on this booking/)).toBeNull();
    expect(screen.queryByText('Found on')).toBeNull();
  });

  it('should name the Sabre queue a booking was found on and what Sabre keeps there, beside its PCC', async () => {
    stubApi({ 'GET /api/admin/pnr/info': { body: sabreFoundOn(5) } });
    renderPage('ABC123');

    const foundOn = (await screen.findByText('Found on')).parentElement!;
    expect(within(foundOn).getByText('Sabre queue 5 (schedule changes)')).toBeTruthy();
    expect(screen.getByText('Sabre')).toBeTruthy();
    expect(screen.getByText('TLV1')).toBeTruthy();
  });

  it("should give only the number when the queue is one of the agency's own", async () => {
    stubApi({ 'GET /api/admin/pnr/info': { body: sabreFoundOn(42) } });
    renderPage('ABC123');

    expect(await screen.findByText('Sabre queue 42')).toBeTruthy();
  });
});

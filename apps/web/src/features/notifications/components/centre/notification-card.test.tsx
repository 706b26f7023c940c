import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { renderScreen } from '@/testing/render';
import { notificationItem } from './centre-test-server';
import { NotificationCard } from './notification-card';

function renderCard(overrides: Parameters<typeof notificationItem>[1] = {}, selected = false) {
  const handlers = {
    onSelectChange: vi.fn(),
    onViewDetails: vi.fn(),
    onDelete: vi.fn(),
  };
  renderScreen(
    <NotificationCard
      item={notificationItem(7, overrides)}
      selected={selected}
      deleting={false}
      {...handlers}
    />,
  );
  return handlers;
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

function statusIcon(name: string): HTMLElement {
  return screen.getByRole('img', { name });
}

describe('NotificationCard', () => {
  it('should show the title, message, contact, booking with its flight time and the PNR', () => {
    renderCard({
      title: 'Fare drop on LY315',
      title_message: 'Save 120 USD',
      contact_name: 'Dana Levi',
      pnr_summary: 'TLV-LHR LY315 2026-12-13 10:00',
      pnr: 'ABC123',
    });

    const card = screen.getByRole('article', { name: 'Fare drop on LY315' });
    expect(within(card).getByRole('heading', { name: 'Fare drop on LY315' })).toBeTruthy();
    expect(within(card).getByText('Save 120 USD')).toBeTruthy();
    expect(within(card).getByText('Dana Levi')).toBeTruthy();
    expect(card.textContent).toContain('TLV-LHR · LY315 · 13/12/2026 10:00');
    expect(card.textContent).not.toContain('2026-12-13');
    expect(within(card).getByText('ABC123')).toBeTruthy();
  });

  it('should say a credit is available when its passenger holds one with the airline', () => {
    renderCard({
      title: 'Fare drop on LY315',
      credit_available: [
        {
          airline: 'LY',
          amount_cents: 12_000,
          currency: 'USD',
          passenger_name: 'LEVI/DANA',
          expires_on: '2026-09-30',
        },
      ],
    });

    const card = screen.getByRole('article', { name: 'Fare drop on LY315' });
    expect(within(card).getByText('Credit available: 120.00 USD with LY')).toBeTruthy();
  });

  it('should say nothing of credit when the card carries none', () => {
    renderCard({ title: 'Fare drop on LY315' });

    expect(screen.queryByText(/Credit available/)).toBeNull();
  });

  it('should name the PNR in the checkbox and report its changes when it is ticked', async () => {
    const { onSelectChange } = renderCard({ pnr: 'ABC123', title: 'Fare drop' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select PNR ABC123: Fare drop' }));

    expect(onSelectChange).toHaveBeenCalledWith(true);
  });

  it('should show the card as ticked when it is selected', () => {
    renderCard({ pnr: 'ABC123', title: 'Fare drop' }, true);

    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select PNR ABC123: Fare drop' })
        .checked,
    ).toBe(true);
  });

  it('should open the details when View Details is pressed', async () => {
    const { onViewDetails } = renderCard();

    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));

    expect(onViewDetails).toHaveBeenCalledOnce();
  });

  it('should show an alert icon whose tooltip lists the alerts when there are alerts', async () => {
    renderCard({ alerts: [{ text: 'Passport expires soon' }, { text: 'Seat lost' }] });

    const alerts = screen.getByRole('img', { name: 'Alerts: Passport expires soon; Seat lost' });
    expect(alerts.tabIndex).toBe(0);
    await userEvent.hover(alerts);

    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('Passport expires soon')).toBeTruthy();
    expect(within(tooltip).getByText('Seat lost')).toBeTruthy();
  });

  it.each([
    ['Pending', 'warning'],
    ['Complete', 'grey'],
    ['Failed', 'grey'],
  ] as const)('should colour the alerts of a %s notification %s', (subtype, colour) => {
    renderCard({ subtype, alerts: [{ text: 'Seat lost' }] });

    const alerts = screen.getByRole('img', { name: 'Alerts: Seat lost' });
    expect(getComputedStyle(alerts).color).toBe(
      colour === 'warning' ? rgb(theme.palette.warning.main) : theme.palette.text.disabled,
    );
  });

  it("should show a deadline the server wrote in UTC on the browser's clock with its zone named", () => {
    const startZone = process.env.TZ;
    process.env.TZ = 'Asia/Jerusalem';
    try {
      renderCard({
        title: 'Ticketing due',
        title_message: 'Issue tickets by 01/12/2026 18:28 UTC',
        alerts: [{ text: 'Ticketing deadline in 2 days: 01/12/2026 18:28 UTC' }],
        pnr_summary: 'TLV-LHR LY315 2026-12-13 10:00',
      });

      const card = screen.getByRole('article', { name: 'Ticketing due' });
      expect(within(card).getByText('Issue tickets by 01/12/2026 20:28 GMT+2')).toBeTruthy();
      expect(
        screen.getByRole('img', {
          name: 'Alerts: Ticketing deadline in 2 days: 01/12/2026 20:28 GMT+2',
        }),
      ).toBeTruthy();
      // The flight's time is its airport's and stays as it is.
      expect(card.textContent).toContain('13/12/2026 10:00');
      expect(card.textContent).not.toContain('UTC');
    } finally {
      if (startZone === undefined) delete process.env.TZ;
      else process.env.TZ = startZone;
    }
  });

  it('should show no alert icon when there are no alerts', () => {
    renderCard({ alerts: [] });

    expect(screen.queryByRole('img', { name: /^Alerts/ })).toBeNull();
  });

  it('should mark the card unread when its status is NEW or READY', () => {
    renderCard({ status: 'NEW', title: 'Fare drop' });

    const card = screen.getByRole('article', { name: 'Fare drop Unread' });
    expect(card.dataset.unread).toBe('true');
  });

  it('should not mark the card unread when it was read', () => {
    renderCard({ status: 'READ', title: 'Fare drop' });

    expect(screen.getByRole('article', { name: 'Fare drop' }).dataset.unread).toBe('false');
  });

  it('should colour the icon as an alert and show no check when the notification is pending', () => {
    renderCard({ subtype: 'Pending' });

    const icon = statusIcon('Pending');
    expect(getComputedStyle(icon.querySelector('svg') as SVGElement).color).toBe(
      rgb(theme.palette.warning.main),
    );
    expect(screen.queryByTestId('completed-check')).toBeNull();
  });

  it('should grey the icon and overlay a check when the notification is complete', () => {
    renderCard({ subtype: 'Complete' });

    const icon = statusIcon('Complete');
    expect(getComputedStyle(icon.querySelector('svg') as SVGElement).color).toBe(
      theme.palette.text.disabled,
    );
    expect(icon.contains(screen.getByTestId('completed-check'))).toBe(true);
  });

  it('should grey the icon without a check when the notification failed', () => {
    renderCard({ subtype: 'Failed' });

    expect(statusIcon('Failed')).toBeTruthy();
    expect(screen.queryByTestId('completed-check')).toBeNull();
  });

  it('should offer Delete in the action menu when the notification is not readonly', async () => {
    const { onDelete } = renderCard({ pnr: 'ABC123' });

    await userEvent.click(screen.getByRole('button', { name: 'Actions for PNR ABC123' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('should have no action menu and no selection when the notification is readonly', () => {
    renderCard({ pnr: 'ABC123', title: 'Fare drop', readonly: true });

    expect(screen.queryByRole('button', { name: 'Actions for PNR ABC123' })).toBeNull();
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select PNR ABC123: Fare drop' })
        .disabled,
    ).toBe(true);
  });

  it.each([{ title: '' }, { pnr: '' }])(
    "should say 'Notification is not available' when its data is gone (%o)",
    (gone) => {
      renderCard(gone);

      expect(screen.getByText('Notification is not available')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'View Details' })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  );

  it('should show the booking summary as it came when it has another form', () => {
    renderCard({ pnr_summary: 'Hotel stay 2026-12-13' });

    expect(screen.getByRole('article').textContent).toContain('Hotel stay 13/12/2026');
  });
});

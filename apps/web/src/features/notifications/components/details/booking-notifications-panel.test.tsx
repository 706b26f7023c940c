import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, uiTexts } from '@smt/shared';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { BookingNotificationsPanel } from './booking-notifications-panel';
import { aListItem, formsSentTo } from './details-test-data';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function show(count: number) {
  // The one being shown (7) is among the booking's notifications; the panel leaves it out.
  const notifications = [7, ...Array.from({ length: count }, (_, index) => 100 + index)].map((id) =>
    aListItem(id),
  );
  stubApi({ 'POST /api/v2/getNotificationList': { body: { notifications, hasMore: false } } });
  renderWithApp(
    <>
      <BookingNotificationsPanel pnr="ABC123" currentId={7} />
      <Location />
    </>,
    '/notifications/7?view=ALL',
  );
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Other notifications of this PNR' })).getAllByRole(
    'button',
  );

describe('BookingNotificationsPanel', () => {
  it("should ask for the booking's pending notifications in every group at once", async () => {
    show(1);

    await screen.findByText('Notification 100');
    expect(formsSentTo('/api/v2/getNotificationList')).toEqual([
      { pnr_key: 'ABC123', chunk: '9999', group: 'RECENT', subtype: 'Pending', fetchType: 'all' },
    ]);
  });

  it("should show 5 more per 'Show More' until all are shown", async () => {
    show(12);
    await screen.findByText('Notification 100');
    expect(rows()).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(rows()).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(rows()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
    expect(screen.queryByText('Notification 7')).toBeNull();
  });

  it('should open the chosen notification keeping the query string', async () => {
    show(2);

    await userEvent.click(await screen.findByText('Notification 101'));

    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      '/notifications/101?view=ALL',
    );
  });

  it("should say 'No notifications' when the booking has no other", async () => {
    show(0);

    expect(await screen.findByText(uiTexts.noNotifications)).toBeTruthy();
  });

  it("should say it can't load notifications when the list fails", async () => {
    stubApi({
      'POST /api/v2/getNotificationList': {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'x' },
      },
    });
    renderWithApp(<BookingNotificationsPanel pnr="ABC123" currentId={7} />);

    expect(await screen.findByText(errorMessages.cantLoadNotifications)).toBeTruthy();
  });
});

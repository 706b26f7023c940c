import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, uiTexts, type NotificationDetails } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { aDetails, formsSentTo, headerOf } from './details-test-data';
import { NotificationDetailsOverlay } from './notification-details-overlay';
import type * as PnrCardModule from './pnr-card';

vi.mock('./pnr-card', async (importOriginal) => {
  const original = await importOriginal<typeof PnrCardModule>();
  return {
    // A booking whose PNR is 'CRASH1' makes the card throw, standing in for any render bug.
    PnrCard: (props: Parameters<typeof original.PnrCard>[0]) => {
      if (props.details.data.pnr.id === 'CRASH1') throw new Error('render failed');
      return original.PnrCard(props);
    },
  };
});

function open(details: NotificationDetails | { status: number; body: unknown }) {
  const answer = 'header' in details ? { body: details } : details;
  stubApi({
    'POST /api/getNotificationData': answer,
    'POST /api/v2/getNotificationList': { body: { notifications: [], hasMore: false } },
    'POST /api/getNotificationPQData': { body: { pq_data: [] } },
  });
  const onClose = vi.fn();
  renderWithApp(<NotificationDetailsOverlay notificationId={7} onClose={onClose} />);
  return onClose;
}

const bannerTones = () =>
  Array.from(document.querySelectorAll('[data-tone]')).map((banner) => [
    banner.getAttribute('data-tone'),
    banner.textContent,
  ]);

describe('NotificationDetailsOverlay', () => {
  it('should load the notification by its id and show its header when opened', async () => {
    open(aDetails());

    expect(await screen.findByRole('heading', { name: 'Schedule change' })).toBeTruthy();
    expect(screen.getByText('LY315 leaves 2 hours later')).toBeTruthy();
    expect(formsSentTo('/api/getNotificationData')).toEqual([{ notification_id: '7' }]);
    // My PNRs opens on this notification's PNR, not on the whole list.
    expect(screen.getByRole('link', { name: 'View & Manage your PNRs' }).getAttribute('href')).toBe(
      `/my-pnrs?pnrNumber=${aDetails().data.pnr.id}`,
    );
  });

  it('should not offer My PNRs when the user may not open it', async () => {
    stubApi({
      'POST /api/getNotificationData': { body: aDetails() },
      'POST /api/v2/getNotificationList': { body: { notifications: [], hasMore: false } },
      'POST /api/getNotificationPQData': { body: { pq_data: [] } },
    });
    renderWithApp(
      <NotificationDetailsOverlay notificationId={7} onClose={vi.fn()} pnrsLinkShown={false} />,
    );

    expect(await screen.findByRole('heading', { name: 'Schedule change' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View & Manage your PNRs' })).toBeNull();
  });

  it('should say the notification is gone when the server answers 404', async () => {
    open({
      status: 404,
      body: {
        code: 'NOT_FOUND',
        message: 'Notification not found',
        reason: 'notifications.not-found',
      },
    });

    expect(await screen.findByText(uiTexts.noDataAvailable)).toBeTruthy();
    expect(screen.getByText('Please select another notification')).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: errorMessages.notificationNotAvailable }),
    ).toBeTruthy();
  });

  it('should show the error boundary text when the details fail to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(aDetails({ pnr: { id: 'CRASH1' } }));

    expect(await screen.findByText(errorMessages.detailsFailed)).toBeTruthy();
    // The frame survives: the user can still close it.
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('should fill the screen without the PNRs link when the screen is small', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    open(aDetails());

    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    expect(screen.queryByRole('link', { name: 'View & Manage your PNRs' })).toBeNull();
  });

  it('should close when the close button is pressed or Esc is hit', async () => {
    const onClose = open(aDetails());
    await screen.findByRole('heading', { name: 'Schedule change' });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('should show a green banner with the title when a reprice completed', async () => {
    open(aDetails({ header: headerOf('Reprice', { subtype: 'Complete', title: 'Repriced' }) }));

    await screen.findByRole('heading', { name: 'Repriced' });
    expect(bannerTones()).toEqual([['green', 'Repriced']]);
  });

  it('should show a red banner when a reprice failed', async () => {
    const title = 'The fare is no longer available';
    open(aDetails({ header: headerOf('Reprice', { subtype: 'Failed', title }) }));

    await screen.findByRole('heading', { name: title });
    expect(bannerTones()).toEqual([['red', title]]);
  });

  it('should show a grey banner when the title is a reprice attempt', async () => {
    const title = 'Reprice attempt failed';
    open(aDetails({ header: headerOf('Reprice', { subtype: 'Failed', title }) }));

    await screen.findByRole('heading', { name: title });
    expect(bannerTones()).toEqual([['grey', title]]);
  });

  it('should show no reprice banner when the reprice is pending or the type is another', async () => {
    open(
      aDetails({ header: headerOf('TicketingDue', { subtype: 'Complete', title: 'Ticketed' }) }),
    );

    await screen.findByRole('heading', { name: 'Ticketed' });
    expect(bannerTones()).toEqual([]);
  });

  it("should show the red banner 'This PNR is cancelled' when the PNR is cancelled", async () => {
    open(aDetails({ pnr: { is_cancelled: true } }));

    expect(await screen.findByText(uiTexts.pnrCancelled)).toBeTruthy();
    expect(bannerTones()).toEqual([['red', uiTexts.pnrCancelled]]);
  });

  it('should show the lifecycle step, the PNR fields, alerts and remarks', async () => {
    open(
      aDetails({
        header: headerOf('TicketingDue'),
        pnr: { is_ticketed: true },
        payload: { alerts: [{ text: 'Ticket by tonight' }], remarks: ['CUSTOMER PREFERS AISLE'] },
      }),
    );

    const card = await screen.findByRole('region', { name: 'PNR ABC123' });
    expect(within(card).getByRole('group', { name: 'PNR status: Ticketed' })).toBeTruthy();
    expect(within(card).getByText('TLV1')).toBeTruthy();
    expect(within(card).getByText('Ticket by tonight')).toBeTruthy();
    expect(within(card).getByText('CUSTOMER PREFERS AISLE')).toBeTruthy();
  });

  it('should hide the remarks when the notification is of the reschedule group', async () => {
    open(aDetails({ payload: { remarks: ['CUSTOMER PREFERS AISLE'] } }));

    await screen.findByRole('region', { name: 'PNR ABC123' });
    expect(screen.queryByText('CUSTOMER PREFERS AISLE')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  errorMessages,
  uiTexts,
  type NotificationDetails,
  type NotificationType,
} from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi, type SentCall } from '@/testing/stub-api';
import { aDetails, aFlight, formsSentTo, headerOf, pathOf } from './details-test-data';
import { NotificationDetailsOverlay } from './notification-details-overlay';

type Answer = { status?: number; body?: unknown };

type Server = { details: NotificationDetails };
type Answers = Record<string, Answer | ((call: SentCall) => Answer)>;

/** A server holding one notification; what an answer changes, the next read shows. */
function open(details: NotificationDetails, answers: Answers | ((server: Server) => Answers) = {}) {
  const server: Server = { details };
  const calls = stubApi({
    'POST /api/getNotificationData': () => ({ body: server.details }),
    'POST /api/v2/getNotificationList': { body: { notifications: [], hasMore: false } },
    'POST /api/getNotificationPQData': { body: { pq_data: [] } },
    ...(typeof answers === 'function' ? answers(server) : answers),
  });
  const onClose = vi.fn();
  renderWithApp(<NotificationDetailsOverlay notificationId={7} onClose={onClose} />);
  return { calls, onClose };
}

/** The operation's answer: the notification's new header, which the server now keeps. */
const operationDone =
  (server: Server, change: Partial<NotificationDetails['header']>) => (): Answer => {
    const { status, ...header } = { ...server.details.header, ...change };
    server.details = { ...server.details, header: { ...header, status } };
    return { body: { header } };
  };

const ready = () => screen.findByRole('group', { name: 'Actions' });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const executed = () => formsSentTo('/api/executePendingOperation');

describe('DetailsActions', () => {
  it.each<[NotificationType, string, string]>([
    ['Reschedule', 'Approve', 'A'],
    ['TicketingDue', 'Confirm', 'A'],
    ['Churning', 'Confirm', 'A'],
    ['DuplicateBooking', 'Confirm', 'A'],
    ['CreditExpiry', 'Confirm', 'A'],
  ])(
    'should label the main action and send its code when a %s is approved',
    async (type, label, opCode) => {
      open(aDetails({ header: headerOf(type) }), (server) => ({
        'POST /api/executePendingOperation': operationDone(server, {
          subtype: 'Complete',
          title: 'Done',
        }),
      }));
      await ready();

      await userEvent.click(button(label));

      expect(await screen.findByRole('heading', { name: 'Done' })).toBeTruthy();
      expect(executed()).toEqual([{ notification_id: '7', op_code: opCode }]);
      expect(button(label).disabled).toBe(true);
    },
  );

  it('should hide the main action when the notification holds a waitlist', async () => {
    open(aDetails({ header: headerOf('HoldsWaitlist') }));
    await ready();

    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('should disable the main action when the notification is not pending', async () => {
    open(aDetails({ header: { subtype: 'Complete' } }));
    await ready();

    expect(button('Approve').disabled).toBe(true);
  });

  it('should hide every action when the notification is readonly', async () => {
    open(aDetails({ header: headerOf('TicketingDue', { readonly: true }) }));
    await screen.findByRole('heading', { name: 'Schedule change' });

    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    for (const name of ['Confirm', 'Delete', 'Cancel PNR', 'Share']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("should say 'Operation failed' when the operation call fails", async () => {
    open(aDetails(), {
      'POST /api/executePendingOperation': {
        status: 500,
        body: { code: 'INTERNAL', message: 'x' },
      },
    });
    await ready();

    await userEvent.click(button('Approve'));

    expect(await screen.findByText(errorMessages.operationFailed)).toBeTruthy();
    expect(button('Approve').disabled).toBe(false);
  });

  describe('reprice', () => {
    const reprice = aDetails({ header: headerOf('Reprice') });

    it('should send RP at once when the PNR is not ticketed', async () => {
      open(reprice, (server) => ({
        'POST /api/getNotificationPnrInfo': { body: { is_ticketed: false, is_cancelled: false } },
        'POST /api/executePendingOperation': operationDone(server, {
          subtype: 'Complete',
          title: 'Repriced',
        }),
      }));
      await ready();

      await userEvent.click(button('Approve'));

      expect(await screen.findByRole('heading', { name: 'Repriced' })).toBeTruthy();
      expect(executed()).toEqual([{ notification_id: '7', op_code: 'RP' }]);
      // The answer's header shows its banner at once.
      expect(document.querySelector('[data-tone="green"]')?.textContent).toBe('Repriced');
    });

    it('should send nothing when the PNR is ticketed and the user cancels', async () => {
      open(reprice, {
        'POST /api/getNotificationPnrInfo': { body: { is_ticketed: true, is_cancelled: false } },
      });
      await ready();

      await userEvent.click(button('Approve'));
      expect(await screen.findByText(uiTexts.ticketedRepriceWarning)).toBeTruthy();
      await userEvent.click(button('Cancel'));

      expect(executed()).toEqual([]);
      expect(formsSentTo('/api/getNotificationPnrInfo')).toEqual([{ notification_id: '7' }]);
    });

    it('should send RP when the PNR is ticketed and the user presses Ok', async () => {
      open(reprice, (server) => ({
        'POST /api/getNotificationPnrInfo': { body: { is_ticketed: true, is_cancelled: false } },
        'POST /api/executePendingOperation': operationDone(server, {
          subtype: 'Failed',
          title: 'Reprice attempt failed',
        }),
      }));
      await ready();

      await userEvent.click(button('Approve'));
      await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));

      expect(await screen.findByRole('heading', { name: 'Reprice attempt failed' })).toBeTruthy();
      expect(executed()).toEqual([{ notification_id: '7', op_code: 'RP' }]);
    });
  });

  describe('segment removal', () => {
    const removal = (flights = [aFlight(), aFlight({ status: 'UC', alerted: true })]) =>
      aDetails({
        header: headerOf('SegmentRemoval', {
          title: 'Inactive segment',
          title_message: 'Remove UC flight LY315 TLV-LHR on 13/12/2026 10:00',
        }),
        data: { flights },
      });
    const asking = () => screen.findByRole('dialog', { name: 'Remove segment?' });

    it('should say it removes a segment and name it, flight, route, date and status, before sending anything', async () => {
      open(removal());
      await ready();

      await userEvent.click(button('Approve: remove segment'));

      const dialog = await asking();
      expect(dialog.textContent).toContain('LY315 TLV-LHR on 13/12/2026 10:00, status UC');
      expect(within(dialog).queryByText(/status HK/)).toBeNull();
      expect(executed()).toEqual([]);
    });

    it('should send C once the removal is confirmed', async () => {
      open(removal(), (server) => ({
        'POST /api/executePendingOperation': operationDone(server, {
          subtype: 'Complete',
          title: 'Segments removed',
        }),
      }));
      await ready();

      await userEvent.click(button('Approve: remove segment'));
      await userEvent.click(within(await asking()).getByRole('button', { name: 'Remove segment' }));

      expect(await screen.findByRole('heading', { name: 'Segments removed' })).toBeTruthy();
      expect(executed()).toEqual([{ notification_id: '7', op_code: 'C' }]);
    });

    it('should send nothing and leave the action ready when the removal is cancelled', async () => {
      open(removal());
      await ready();

      await userEvent.click(button('Approve: remove segment'));
      await userEvent.click(within(await asking()).getByRole('button', { name: 'Cancel' }));

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Remove segment?' })).toBeNull(),
      );
      expect(executed()).toEqual([]);
      expect(button('Approve: remove segment').disabled).toBe(false);
    });

    it('should count the segments in its label and name each when it removes two', async () => {
      open(
        removal([
          aFlight(),
          aFlight({ status: 'UC', alerted: true }),
          aFlight({ flight_number: '316', from: 'LHR', to: 'TLV', status: 'HX', alerted: true }),
        ]),
      );
      await ready();

      await userEvent.click(button('Approve: remove 2 segments'));

      const dialog = await screen.findByRole('dialog', { name: 'Remove 2 segments?' });
      expect(dialog.textContent).toContain('LY315 TLV-LHR on 13/12/2026 10:00, status UC');
      expect(dialog.textContent).toContain('LY316 LHR-TLV on 13/12/2026 10:00, status HX');
      expect(within(dialog).getByRole('button', { name: 'Remove 2 segments' })).toBeTruthy();
    });

    it('should name the segment by its title when it was stored before flights were marked', async () => {
      open(removal([aFlight()]));
      await ready();

      await userEvent.click(button('Approve: remove segment'));

      expect((await asking()).textContent).toContain(
        'Remove UC flight LY315 TLV-LHR on 13/12/2026 10:00',
      );
    });

    it('should open the question from the keyboard and close it with Escape, sending nothing', async () => {
      open(removal());
      await ready();

      button('Approve: remove segment').focus();
      await userEvent.keyboard('{Enter}');
      await asking();
      await userEvent.keyboard('{Escape}');

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Remove segment?' })).toBeNull(),
      );
      expect(executed()).toEqual([]);
    });
  });

  describe('keep switch', () => {
    it('should send SR and stay off when Keep repricing is turned off', async () => {
      open(aDetails({ header: headerOf('Reprice') }), (server) => ({
        'POST /api/executePendingOperation': operationDone(server, { type_status: 'Inactive' }),
      }));
      await ready();
      const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Keep repricing' });
      expect(toggle.checked).toBe(true);

      await userEvent.click(toggle);

      await vi.waitFor(() => expect(toggle.disabled).toBe(false));
      expect(toggle.checked).toBe(false);
      expect(executed()).toEqual([{ notification_id: '7', op_code: 'SR' }]);
    });

    it("should flip at once and flip back with 'Operation failed' when the server refuses", async () => {
      let answer: (value: Answer) => void = () => {};
      const pending = new Promise<Answer>((resolve) => (answer = resolve));
      open(aDetails({ header: headerOf('TicketingDue', { type_status: 'Inactive' }) }), {
        'POST /api/executePendingOperation': {
          status: 500,
          body: { code: 'INTERNAL', message: 'x' },
        },
      });
      // Hold the answer back to see the switch before it comes.
      const fetchMock = vi.mocked(fetch);
      const stubbed = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        if (pathOf(input) === '/api/executePendingOperation') await pending;
        return stubbed(input, init);
      });
      await ready();
      const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Keep alerting' });

      await userEvent.click(toggle);
      expect(toggle.checked).toBe(true);
      answer({});

      expect(await screen.findByText(errorMessages.operationFailed)).toBeTruthy();
      expect(toggle.checked).toBe(false);
      expect(executed()).toEqual([{ notification_id: '7', op_code: 'CR' }]);
    });

    it('should offer no switch when the type has none', async () => {
      open(aDetails({ header: headerOf('Churning') }));
      await ready();

      expect(screen.queryByRole('switch')).toBeNull();
    });
  });

  describe('cancel PNR', () => {
    const ticketingDue = aDetails({ header: headerOf('TicketingDue') });
    const quote = {
      'POST /api/pnr/cancel/quote': {
        body: { refund: { amount: 0, currency: 'GBP' }, refundTo: null, expiresAt: null },
      },
    };

    /** Cancel PNR, then the same in the question that shows the refund. */
    async function cancelInDialog() {
      await userEvent.click(button('Cancel PNR'));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel PNR ABC123?' });
      await within(dialog).findByText('Refund: £0.00 (nothing has been paid)');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel PNR' }));
    }

    it.each<NotificationType>([
      'Reprice',
      'Reschedule',
      'Churning',
      'SegmentRemoval',
      'HoldsWaitlist',
      'DuplicateBooking',
      'CreditExpiry',
    ])('should not offer Cancel PNR when the notification is a %s', async (type) => {
      open(aDetails({ header: headerOf(type) }));
      await ready();

      expect(screen.queryByRole('button', { name: 'Cancel PNR' })).toBeNull();
    });

    it.each([{ is_ticketed: true }, { is_cancelled: true }])(
      'should disable Cancel PNR when the PNR is %o',
      async (pnr) => {
        open(aDetails({ header: headerOf('TicketingDue'), pnr }));
        await ready();

        expect(button('Cancel PNR').disabled).toBe(true);
      },
    );

    it("should show the red banner 'This PNR is cancelled' when the cancellation succeeds", async () => {
      const { calls } = open(ticketingDue, (server) => ({
        ...quote,
        // As the server does: the notification completes; its booking data stays as raised.
        'POST /api/pnr/cancel': () => {
          operationDone(server, { subtype: 'Complete', title: 'PNR cancelled' })();
          return { body: { cancellationSuccessful: true, message: uiTexts.pnrCancelled } };
        },
      }));
      await ready();

      await cancelInDialog();

      expect(await screen.findByRole('heading', { name: 'PNR cancelled' })).toBeTruthy();
      expect(document.querySelector('[data-tone="red"]')?.textContent).toBe(uiTexts.pnrCancelled);
      expect(calls.find((call) => call.path === '/api/pnr/cancel')?.body).toEqual({
        notificationId: 7,
        expectedRefund: { amount: 0, currency: 'GBP' },
      });
      expect(button('Cancel PNR').disabled).toBe(true);
    });

    it("should say 'Operation failed. {message}' when the GDS refuses", async () => {
      open(ticketingDue, {
        ...quote,
        'POST /api/pnr/cancel': {
          body: { cancellationSuccessful: false, message: 'Booking is locked' },
        },
      });
      await ready();

      await cancelInDialog();

      expect(await screen.findByText('Operation failed. Booking is locked')).toBeTruthy();
      expect(document.querySelector('[data-tone]')).toBeNull();
    });

    it("should say the server's reason when it refuses the call", async () => {
      open(ticketingDue, {
        ...quote,
        'POST /api/pnr/cancel': {
          status: 409,
          body: { code: 'CONFLICT', message: 'This PNR is ticketed and cannot be cancelled here' },
        },
      });
      await ready();

      await cancelInDialog();

      expect(
        await screen.findByText(
          'Operation failed. This PNR is ticketed and cannot be cancelled here',
        ),
      ).toBeTruthy();
    });

    it("should say 'Operation failed. Please try again later.' when the call breaks", async () => {
      open(ticketingDue, {
        ...quote,
        'POST /api/pnr/cancel': {
          status: 500,
          body: { code: 'INTERNAL', message: 'Internal error' },
        },
      });
      await ready();

      await cancelInDialog();

      expect(await screen.findByText(errorMessages.cancelPnrFailed())).toBeTruthy();
    });
  });

  describe('delete', () => {
    it('should delete the notification, close, and offer it back with Undo as the centre does', async () => {
      const { onClose } = open(aDetails(), {
        'POST /api/deleteNotifications': { body: { deleted: 1 } },
        'POST /api/deleteNotifications/undo': { body: { restored: 1 } },
      });
      await ready();

      await userEvent.click(button('Delete'));

      await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
      expect(formsSentTo('/api/deleteNotifications')).toEqual([{ notification_id: '7' }]);
      expect(await screen.findByText('1 notification deleted')).toBeTruthy();

      // The panel closes in the app; here onClose is a spy, so its modal still hides the rest.
      await userEvent.click(screen.getByRole('button', { name: 'Undo', hidden: true }));

      await vi.waitFor(() =>
        expect(formsSentTo('/api/deleteNotifications/undo')).toEqual([{ notification_ids: '7' }]),
      );
    });

    it("should stay open with 'Operation failed' when the delete fails", async () => {
      const { onClose } = open(aDetails(), {
        'POST /api/deleteNotifications': { status: 409, body: { code: 'CONFLICT', message: 'x' } },
      });
      await ready();

      await userEvent.click(button('Delete'));

      expect(await screen.findByText(errorMessages.operationFailed)).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});

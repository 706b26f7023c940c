import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, successMessages, validationMessages } from '@smt/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { formsSentTo } from './details-test-data';
import { ShareButton } from './share-button';

const SHARE = {
  url: 'https://smt.example/smtapp/share/notification/7/1765000000000/abc',
  messageText:
    'Your flight LY315 has changed: https://smt.example/smtapp/share/notification/7/1765000000000/abc',
  subject: 'Your reservation ABC123',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ShareButton', () => {
  it('should offer e-mail and WhatsApp links carrying the message when opened', async () => {
    stubApi({ 'POST /api/getNotificationShare': { body: SHARE } });
    renderWithApp(<ShareButton notificationId={7} />);

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));

    const email = await screen.findByRole('link', { name: 'E-mail' });
    expect(email.getAttribute('href')).toBe(
      `mailto:?subject=${encodeURIComponent(SHARE.subject)}&body=${encodeURIComponent(SHARE.messageText)}`,
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(SHARE.messageText)}`,
    );
    expect(formsSentTo('/api/getNotificationShare')).toEqual([{ notification_id: '7' }]);
  });

  it("should copy the link and say 'Copied to clipboard' for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubApi({ 'POST /api/getNotificationShare': { body: SHARE } });
    renderWithApp(<ShareButton notificationId={7} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));

    expect(await navigator.clipboard.readText()).toBe(SHARE.url);
    expect(screen.getByRole('status').textContent).toBe(successMessages.copiedToClipboard);
    await act(async () => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.getByRole('status').textContent).toBe(successMessages.copiedToClipboard);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("should say 'Operation failed' when the share data cannot be had", async () => {
    stubApi({
      'POST /api/getNotificationShare': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    renderWithApp(<ShareButton notificationId={7} />);

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText(errorMessages.operationFailed)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'E-mail' })).toBeNull();
  });

  it('should refuse an invalid phone and open WhatsApp to a valid one at +972 by default', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    stubApi({ 'POST /api/getNotificationShare': { body: SHARE } });
    renderWithApp(<ShareButton notificationId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a phone' }));

    await screen.findByRole('dialog', { name: 'Share by WhatsApp' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Phone code/ }).value).toBe(
      '+972 Israel',
    );
    const number = screen.getByRole('textbox', { name: /Phone number/ });
    await userEvent.type(number, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText(validationMessages.phoneInvalid)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    await userEvent.clear(number);
    await userEvent.type(number, '501234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(open).toHaveBeenCalledWith(
      `https://wa.me/972501234567?text=${encodeURIComponent(SHARE.messageText)}`,
      '_blank',
      'noopener,noreferrer',
    );
  });
});

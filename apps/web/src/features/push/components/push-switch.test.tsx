import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushSwitch } from '@/features/push/components/push-switch';
import { PUSH_TEXTS } from '@/features/push/utils/push-texts';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';

/** A browser that can push: a service worker whose push manager subscribes at once. */
function stubPushBrowser(permissionAnswer: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BPk', auth: 'au' } }),
    unsubscribe: vi.fn(async () => true),
  };
  const registration = {
    pushManager: { subscribe: vi.fn(async () => subscription), getSubscription: async () => null },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      permission: 'default',
      requestPermission: vi.fn(async () => permissionAnswer),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: vi.fn(async () => registration), getRegistration: async () => undefined },
  });
  return registration;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSwitch', () => {
  it('should be off and say why when the browser cannot receive push', async () => {
    renderWithApp(<PushSwitch />);

    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: PUSH_TEXTS.label }).disabled).toBe(
      true,
    );
  });

  it('should stay off and say notifications are blocked when permission is refused', async () => {
    const registration = stubPushBrowser('denied');
    renderWithApp(<PushSwitch />);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: PUSH_TEXTS.label });
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));

    await userEvent.click(toggle);

    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(registration.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('should turn on after subscribing with the server key and telling the server', async () => {
    const registration = stubPushBrowser('granted');
    const calls = stubApi({
      'GET /api/push/vapid-public-key': { body: { publicKey: 'AQI' } },
      'POST /api/push/subscribe': { body: { ok: true } },
    });
    renderWithApp(<PushSwitch />);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: PUSH_TEXTS.label });
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));

    await userEvent.click(toggle);

    await vi.waitFor(() => expect(toggle.checked).toBe(true));
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2]),
    });
    expect(calls.find((call) => call.path === '/api/push/subscribe')?.body).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'BPk', auth: 'au' },
    });
  });

  it("should say 'Operation failed' and stay off when the server refuses the subscription", async () => {
    stubPushBrowser('granted');
    stubApi({
      'GET /api/push/vapid-public-key': { body: { publicKey: 'AQI' } },
      'POST /api/push/subscribe': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    renderWithApp(<PushSwitch />);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: PUSH_TEXTS.label });
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));

    await userEvent.click(toggle);

    expect(await screen.findByText('Operation failed')).toBeTruthy();
    expect(toggle.checked).toBe(false);
  });

  it("should let another account's subscription of this browser go and subscribe anew when turned on", async () => {
    const registration = stubPushBrowser('granted');
    const theirs = {
      endpoint: 'https://push.example/theirs',
      toJSON: () => ({
        endpoint: 'https://push.example/theirs',
        keys: { p256dh: 'BPk', auth: 'au' },
      }),
      unsubscribe: vi.fn(async () => true),
    };
    const mine = {
      endpoint: 'https://push.example/mine',
      toJSON: () => ({
        endpoint: 'https://push.example/mine',
        keys: { p256dh: 'BPm', auth: 'am' },
      }),
      unsubscribe: vi.fn(async () => true),
    };
    // The browser answers its existing subscription until it is let go.
    registration.pushManager.subscribe.mockImplementation(async () =>
      theirs.unsubscribe.mock.calls.length === 0 ? theirs : mine,
    );
    const calls = stubApi({
      'GET /api/push/vapid-public-key': { body: { publicKey: 'AQI' } },
      'POST /api/push/subscribe': (call) =>
        (call.body as { endpoint: string }).endpoint === theirs.endpoint
          ? {
              status: 409,
              body: { code: 'CONFLICT', message: 'another account', reason: 'push.endpoint-taken' },
            }
          : { body: { ok: true } },
    });
    renderWithApp(<PushSwitch />);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: PUSH_TEXTS.label });
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));

    await userEvent.click(toggle);

    await vi.waitFor(() => expect(toggle.checked).toBe(true));
    expect(theirs.unsubscribe).toHaveBeenCalledOnce();
    expect(
      calls.filter((call) => call.path === '/api/push/subscribe').map((call) => call.body),
    ).toEqual([theirs.toJSON(), mine.toJSON()]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/stub-api';
import { confirmPushOfThisDevice } from './this-device';

/** A browser that kept a subscription from an earlier session, push allowed. */
function browserWithSubscription() {
  const subscription = {
    endpoint: 'https://push.example/kept',
    toJSON: () => ({ endpoint: 'https://push.example/kept', keys: { p256dh: 'BPk', auth: 'au' } }),
    unsubscribe: vi.fn(async () => true),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', Object.assign(class {}, { permission: 'granted' }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
  return subscription;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("confirming this browser's push at sign-in", () => {
  it('should tell the server again and keep the subscription when it is this account’s', async () => {
    const subscription = browserWithSubscription();
    const calls = stubApi({ 'POST /api/push/subscribe': { body: { ok: true } } });

    await confirmPushOfThisDevice();

    expect(calls.map((call) => call.path)).toEqual(['/api/push/subscribe']);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('should let the subscription go when another account made it, so their pushes stop here', async () => {
    const subscription = browserWithSubscription();
    stubApi({
      'POST /api/push/subscribe': {
        status: 409,
        body: { code: 'CONFLICT', message: 'x', reason: 'push.endpoint-taken' },
      },
    });

    await confirmPushOfThisDevice();

    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('should keep the subscription when the server fails for another reason', async () => {
    const subscription = browserWithSubscription();
    stubApi({
      'POST /api/push/subscribe': { status: 503, body: { code: 'INTERNAL', message: 'x' } },
    });

    await expect(confirmPushOfThisDevice()).rejects.toThrow();
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });
});

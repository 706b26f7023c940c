import { expect, test } from '@playwright/test';
import { startPushService, usePushServiceOnLoopback } from './push-service';
import { AGENT, shoot, signInQuickly } from './sign-in-support';

const PUSH_LABEL = 'Push notifications on this device';

test('should push what the engine raises to the service worker, encrypted for this browser', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const push = await startPushService();
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(usePushServiceOnLoopback, {
    endpoint: push.endpoint,
    keys: push.keys,
  });
  const page = await context.newPage();
  try {
    await signInQuickly(page, request, AGENT);
    await expect(page).toHaveURL(/\/smtapp\/home$/);

    await page.getByRole('button', { name: 'Adam Agent' }).click();
    const toggle = page.getByLabel(PUSH_LABEL);
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await shoot(page, 'push-switch');
    await page.setViewportSize({ width: 1280, height: 800 });
    const { publicKey } = (await (await request.get('/api/push/vapid-public-key')).json()) as {
      publicKey: string;
    };
    expect(
      await page.evaluate(() => (window as { subscribedWithKey?: string }).subscribedWithKey),
    ).toBe(publicKey);
    await page.keyboard.press('Escape');

    // A new booking of Adam's whose ticketing deadline is close: the engine raises it.
    const made = await request.post('/api/dev/gds/bookings', {
      data: { agentEmail: AGENT.email, ticketingDueInHours: 20 },
    });
    expect(made.status()).toBe(200);
    const { locator } = (await made.json()) as { locator: string };

    type Payload = { title: string; body: string; url: string; notificationId: number };
    // A push's body opens with its own booking's PNR: another booking's alert can name this
    // one further on (a duplicate booking lists the PNRs that also hold the flight).
    const ours = () =>
      push.received.find((message) =>
        (message.payload as Payload).body.startsWith(`PNR ${locator}:`),
      );
    await expect.poll(ours, { timeout: 120_000, intervals: [1_000] }).toBeTruthy();
    const message = ours()!;
    const payload = message.payload as Payload;
    expect(push.failures).toEqual([]);
    expect(message.vapidKey).toBe(publicKey);
    expect(message.audience).toBe(push.origin);
    expect(payload.body).toMatch(new RegExp(`^PNR ${locator}: `));
    expect(payload.url).toMatch(new RegExp(`/smtapp/notifications/${payload.notificationId}$`));

    // What the push service would hand the browser: the service worker shows it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL.endsWith('/smtapp/'))).toBe(true);
    const registration = registrations.find((r) => r.scopeURL.endsWith('/smtapp/') && !r.isDeleted);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registration!.registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const ready = await navigator.serviceWorker.ready;
          return (await ready.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
        }),
      )
      .toContainEqual({ title: payload.title, body: payload.body });

    // Logging out forgets this browser on the server, so the next person gets none of it.
    await page.getByRole('button', { name: 'Adam Agent' }).click();
    const unsubscribe = page.waitForRequest(
      (sent) => sent.url().endsWith('/api/push/unsubscribe') && sent.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await unsubscribe).postDataJSON()).toEqual({ endpoint: push.endpoint });
    await expect(page).toHaveURL(/\/smtapp\/login$/);
  } finally {
    await context.close();
    await push.close();
  }
});

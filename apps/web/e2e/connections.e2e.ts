import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DAY_MS, utcDayOf } from '@smt/shared';
import {
  AGENT,
  MANAGER,
  SCREENSHOT_DIR,
  SUPER,
  shoot,
  signInAt,
  signInQuickly,
} from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// An agency's manager connects Duffel on the Connections page (the stand-in playwright.config.ts
// starts beside the server, scripted through its control port), the engine finds the agent's
// order, the airline moves the flight and says so by webhook, and the agent approves the change,
// which Duffel records as accepted. Last, the manager disconnects, so the suites after this one
// see the demo's bookings only.

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8187);
const DUFFEL = `http://127.0.0.1:${PORT + 100}`;
const CONTROL = `http://127.0.0.1:${PORT + 101}`;
const TOKEN = 'duffel_test_standin_0123456789';
const SECRET = 'whsec-of-the-e2e-agency';

// Days are counted from when the file started: a run that crosses midnight still changes the
// flight the first test booked (CI at 00:00 read 'departs 28 hours later').
const STARTED = Date.now();

// 'yyyy-MM-ddTHH:mm:ss' at the airport, as Duffel writes flight times.
const localIn = (days: number, hhmm: string) => `${utcDayOf(STARTED + days * DAY_MS)}T${hhmm}:00`;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const details = (page: Page) => page.getByRole('dialog', { name: 'Notification details' });

async function control<T>(request: APIRequestContext, path: string, body?: object): Promise<T> {
  const answer = body
    ? await request.post(`${CONTROL}${path}`, { data: body })
    : await request.get(`${CONTROL}${path}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

let orderId = '';
let webhookPath = '';

test('should connect an agency to Duffel with a write-only token, test it and watch its orders', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, MANAGER, '/smtapp/management/tools/connections');
  await expect(heading(page, 'Connections')).toBeVisible();
  await page.getByRole('button', { name: 'Connect Duffel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Duffel' });
  const token = dialog.getByLabel('Access token');
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill(TOKEN);
  await dialog.getByLabel('Webhook secret').fill(SECRET);
  await dialog
    .getByRole('combobox', { name: 'Default branch' })
    .selectOption({ label: 'TLV1 – Tel Aviv' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}connections-connect-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Duffel connected' })).toBeVisible();

  // The token is never shown again: only its last four characters.
  await expect(page.getByText('…6789')).toBeVisible();
  await expect(page.getByText(TOKEN)).toHaveCount(0);
  const address = await page
    .getByText(/\/api\/webhooks\/duffel\/\d+/)
    .first()
    .innerText();
  webhookPath = address.slice(address.indexOf('/api/'));

  await page.getByRole('button', { name: 'Test connection: Duffel – Demo Travel' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Test mode: the token reads orders at ${new URL(DUFFEL).host}` }),
  ).toBeVisible();

  ({ id: orderId } = await control<{ id: string }>(request, '/orders', {
    bookingReference: 'DFE2E1',
    slices: [
      [
        {
          airline: 'BA',
          flightNumber: '117',
          from: 'LHR',
          to: 'JFK',
          departingAt: localIn(40, '08:25'),
          arrivingAt: localIn(40, '11:15'),
          fareBasis: 'YLOWGB',
          checkedBags: 1,
        },
      ],
    ],
    passengers: [{ title: 'mrs', givenName: 'Amelia', familyName: 'Earhart', type: 'adult' }],
    totalAmount: '1200.00',
    currency: 'GBP',
    metadata: { agent_email: AGENT.email },
  }));
  // The engine catches the connection up every ENGINE_SYNC_MS (five seconds here, a minute by
  // default): the order is watched by the next.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('row', { name: /Duffel/ }).getByRole('cell', { name: '1', exact: true }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  await shoot(page, 'connections');
  await expectNothingPastTheEdge(page);
});

test("should raise the airline's change sent by webhook and accept it at Duffel on Approve", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  expect(orderId, 'the first test connects and places the order').not.toBe('');
  await control(request, '/airline-changes', {
    orderId,
    change: { newDepartingAt: localIn(40, '12:25'), newArrivingAt: localIn(40, '15:15') },
  });
  // Signed at the server's time: the browser tests move its clock ahead of the real one.
  const clock = (await (await request.get('/api/dev/clock')).json()) as { now: string };
  const [delivery] = await control<{ status: number }[]>(request, '/webhooks', {
    url: `${baseURL}${webhookPath}`,
    secret: SECRET,
    at: clock.now,
    event: {
      id: 'wev_e2e_0001',
      type: 'order.airline_initiated_change_detected',
      data: { object: { id: 'aic_e2e', order_id: orderId } },
    },
  });
  expect(delivery?.status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, AGENT, { path: '/smtapp/notifications' });
  const card = page
    .getByRole('region', { name: 'Reschedule' })
    .getByRole('article')
    .filter({ hasText: 'PNR DFE2E1' });
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [3_000] });
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(details(page)).toContainText('Flight BA117 departs 4 hours later');
  await shoot(page, 'connections-duffel-change');
  await page.setViewportSize({ width: 1280, height: 800 });
  await details(page).getByRole('button', { name: 'Approve' }).click();
  await expect(details(page)).toContainText('Schedule change accepted');

  const orders = await control<
    { id: string; airline_initiated_changes?: { action_taken: string | null }[] }[]
  >(request, '/orders');
  const order = orders.find((each) => each.id === orderId);
  expect(order?.airline_initiated_changes?.[0]?.action_taken).toBe('accepted');
});

test('should make a hold order at Duffel from Add PNR, and say on PNR info what Duffel keeps from being watched', async ({
  page,
  request,
}) => {
  expect(orderId, 'the first test connects Duffel').not.toBe('');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, SUPER, { path: '/smtapp/management/tools/create-pnr' });
  await expect(heading(page, 'Add PNR')).toBeVisible();
  const select = (name: string) => page.getByRole('combobox', { name, exact: true });
  await select('Agency').selectOption({ label: 'Demo Travel' });
  await select('Branch').selectOption({ label: 'TLV1 – Tel Aviv' });
  await select('Agent').selectOption({ label: 'AA – Adam Agent' });
  await select('Reservation system').selectOption({ label: 'Duffel' });
  await expect(
    page.getByText('The airline sets the payment deadline of a hold order, not these hours.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Noa');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Peretz');
  await page.getByRole('textbox', { name: 'From' }).fill('LHR');
  await page.getByRole('textbox', { name: 'To' }).fill('JFK');
  // Duffel Airways, the sandbox airline: the stand-in flies ZZ 100 every day, as Duffel's does.
  await page.getByRole('textbox', { name: 'Airline' }).fill('ZZ');
  await page.getByRole('textbox', { name: 'Flight number' }).fill('100');
  await page.getByRole('button', { name: 'Submit' }).click();
  const created = page.getByRole('alert').filter({ hasText: /^PNR [A-Z0-9]+ created/ });
  await expect(created).toBeVisible();
  const pnrNumber = /^PNR ([A-Z0-9]+) created/.exec((await created.textContent()) ?? '')?.[1];

  const orders = await control<{ id: string; booking_reference: string }[]>(request, '/orders');
  const held = orders.find((each) => each.booking_reference === pnrNumber);
  expect(held, `a Duffel order ${pnrNumber}`).toBeDefined();

  await page.getByRole('link', { name: 'Open PNR info' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${pnrNumber}` })).toBeVisible();
  await expect(
    page.getByText(
      'Not watched on this booking: Segment removal (Duffel gives no segment status codes), Churning (Duffel keeps no segment history), Waitlist (Duffel has no waitlists).',
    ),
  ).toBeVisible();
  await shoot(page, 'connections-duffel-pnr-info');
});

test('should stop watching the orders when the manager disconnects Duffel, and keep them', async ({
  page,
  request,
}) => {
  expect(orderId, 'the first test connects and places the order').not.toBe('');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, MANAGER, { path: '/smtapp/management/tools/connections' });
  await page.getByRole('button', { name: 'Disconnect Duffel – Demo Travel' }).click();
  const ask = page.getByRole('dialog', { name: 'Disconnect Duffel – Demo Travel?' });
  await expect(ask).toContainText('Its bookings and their history are kept.');
  await ask.getByRole('button', { name: 'Disconnect' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Duffel – Demo Travel disconnected' }),
  ).toBeVisible();
  const row = page.getByRole('row', { name: /Duffel/ });
  await expect(row).toContainText('Disconnected');
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();
});

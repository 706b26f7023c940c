import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DAY_MS, utcDayOf } from '@smt/shared';
import { AGENT, MANAGER, SCREENSHOT_DIR, SUPER, shoot, signInQuickly } from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// An agency's manager connects its Sabre PCC on the Connections page against the stand-in
// playwright.config.ts starts beside the server (SABRE_REST_URL and SABRE_SOAP_URL point there),
// finds the password asked again and never shown, and tests the connection, which counts the
// PNRs on each watched queue. An agent then sees the airline's re-timing of one of their Sabre
// PNRs, found on Sabre's schedule-change queue, and approves it; PNR info names that queue.
// Last, the manager disconnects,
// so the suites after this one see the demo's bookings only.

const PORT = Number(process.env.E2E_PORT ?? 8187);
const CONTROL = `http://127.0.0.1:${PORT + 201}`;
const CONNECTION = 'Sabre – Demo Travel';

type StandIn = { epr: string; pcc: string; password: string };

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const details = (page: Page) => page.getByRole('dialog', { name: 'Notification details' });
// Days are counted from when the file started, so a run across midnight keeps one day.
const STARTED = Date.now();
// Airport-local 'yyyy-MM-dd HH:mm', some days from the start.
const localIn = (days: number, hhmm: string) => `${utcDayOf(STARTED + days * DAY_MS)} ${hhmm}`;

async function control<T>(request: APIRequestContext, path: string, body?: object): Promise<T> {
  const answer = body
    ? await request.post(`${CONTROL}${path}`, { data: body })
    : await request.get(`${CONTROL}${path}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

/** A PNR on the stand-in's own PCC, which no branch of the demo has: the engine leaves it be. */
async function pnrOnQueues(request: APIRequestContext, queues: number[]) {
  const { locator } = await control<{ locator: string }>(request, '/pnrs', {
    travelers: [{ givenName: 'Ada', surname: 'Lovelace' }],
    flights: [
      {
        airline: 'BA',
        flightNumber: 117,
        from: 'LHR',
        to: 'JFK',
        departure: '2027-04-10 10:10',
        arrival: '2027-04-10 13:00',
        bookingClass: 'Y',
      },
    ],
  });
  for (const queue of queues) await control(request, '/queues', { locator, queue });
}

test('should connect Sabre with a write-only password, and count each watched queue on test', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sabre = await control<StandIn>(request, '/health');
  await pnrOnQueues(request, [5]);
  await pnrOnQueues(request, [5, 9]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, MANAGER, { path: '/smtapp/management/tools/connections' });
  await expect(heading(page, 'Connections')).toBeVisible();

  await page.getByRole('button', { name: 'Connect Sabre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Sabre' });
  await expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveValue('CERT');
  await expect(dialog.getByRole('textbox', { name: 'Queues' })).toHaveValue('5, 6, 7, 9, 17, 18');
  await expect(dialog.getByRole('textbox', { name: 'Watched PCCs' })).toHaveValue('JRS1, TLV1');
  await dialog.getByRole('textbox', { name: 'EPR', exact: true }).fill(sabre.epr);
  await dialog.getByRole('textbox', { name: 'PCC', exact: true }).fill(sabre.pcc.toLowerCase());
  const password = dialog.getByLabel(/^Password/);
  await expect(password).toHaveAttribute('type', 'password');
  await password.fill(sabre.password);
  await dialog.getByRole('textbox', { name: 'Customer number (DK)' }).fill('1234567');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({
    path: `${SCREENSHOT_DIR}connections-sabre-connect-375.png`,
    fullPage: true,
  });
  await expectNothingPastTheEdge(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sabre connected' })).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(`Sabre.*EPR ${sabre.epr} at G7RE`) });
  await expect(row).toContainText('Watches JRS1, TLV1');
  await expect(row).toContainText('DK 1234567');
  await expect(row).toContainText('Queues 5, 6, 7, 9, 17, 18');
  await expect(page.getByText(sabre.password)).toHaveCount(0);

  // The password is asked again on edit, never shown: empty keeps it.
  await page.getByRole('button', { name: `Edit ${CONNECTION}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${CONNECTION}` });
  await expect(edit.getByLabel(/^Password/)).toHaveValue('');
  await expect(edit.getByText('Leave empty to keep the current password')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'PCC', exact: true })).toHaveValue('G7RE');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  const counts = `Signed in to Sabre certification as EPR ${sabre.epr} at G7RE. JRS1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (0), 18 (0); TLV1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (0), 18 (0)`;
  await page.getByRole('button', { name: `Test connection: ${CONNECTION}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: counts })).toBeVisible();
  // The list is read again with the test as the connection's last.
  await expect(row).toContainText(counts);
  await shoot(page, 'connections-sabre');
  await expectNothingPastTheEdge(page);
});

test("should raise the airline's re-timing found on Sabre's queue and accept it at Sabre on Approve", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A PNR Adam Agent made at TLV1 (his initials, AA), which the airline re-times: Sabre marks
  // the old flight UN, adds the new one TK and queues the PNR on 6.
  const { locator } = await control<{ locator: string }>(request, '/pnrs', {
    pcc: 'TLV1',
    agentSine: 'AA',
    travelers: [{ givenName: 'Ada', surname: 'Lovelace' }],
    flights: [
      {
        airline: 'LY',
        flightNumber: 7,
        from: 'TLV',
        to: 'JFK',
        departure: localIn(40, '10:00'),
        arrival: localIn(40, '15:30'),
        bookingClass: 'Y',
      },
    ],
    fare: { fareBasis: 'YLX7IL', total: '900.00', taxes: '120.00', currency: 'USD' },
  });
  const held = await control<{ booking: { flights: { itemId: string }[] } }>(
    request,
    `/pnr?locator=${locator}`,
  );
  await control(request, '/retime', {
    locator,
    itemId: held.booking.flights[0]?.itemId,
    departure: localIn(40, '12:00'),
    arrival: localIn(40, '17:30'),
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, AGENT, { path: '/smtapp/notifications' });
  const card = page
    .getByRole('region', { name: 'Reschedule' })
    .getByRole('article')
    .filter({ hasText: `PNR ${locator}` });
  // The engine reads the queues every ENGINE_SYNC_MS (five seconds here, a minute by default)
  // and checks what it found at once.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(details(page)).toContainText('Flight LY7 departs 2 hours later');
  await shoot(page, 'connections-sabre-change');
  await page.setViewportSize({ width: 1280, height: 800 });
  await details(page).getByRole('button', { name: 'Approve' }).click();
  await expect(details(page)).toContainText('Schedule change accepted');

  const now = await control<{ booking: { flights: { flightStatusCode: string }[] } }>(
    request,
    `/pnr?locator=${locator}`,
  );
  expect(now.booking.flights.map((flight) => flight.flightStatusCode)).toEqual(['HK']);

  // PNR info (a super user's) says where the PNR came from: Sabre's schedule-change queue.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInQuickly(page, request, SUPER, {
    path: `/smtapp/management/tools/pnrInfo?pnrNumber=${locator}`,
  });
  await expect(page.getByRole('heading', { name: `Booking ${locator}` })).toBeVisible();
  await expect(page.getByText('Sabre queue 6 (schedule changes)')).toBeVisible();
  await shoot(page, 'connections-sabre-pnr-info');
});

test('should disconnect Sabre', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, MANAGER, { path: '/smtapp/management/tools/connections' });
  await expect(heading(page, 'Connections')).toBeVisible();
  await page.getByRole('button', { name: `Disconnect ${CONNECTION}` }).click();
  await page
    .getByRole('dialog', { name: `Disconnect ${CONNECTION}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${CONNECTION} disconnected` }),
  ).toBeVisible();
});

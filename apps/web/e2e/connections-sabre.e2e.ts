import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MANAGER, SCREENSHOT_DIR, shoot, signInBySms } from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// An agency's manager connects its Sabre PCC on the Connections page against the stand-in
// playwright.config.ts starts beside the server (SABRE_REST_URL and SABRE_SOAP_URL point there),
// finds the password asked again and never shown, and tests the connection, which counts the
// PNRs on each watched queue. Last, the manager disconnects, so the suites after this one see
// the demo's bookings only.

const PORT = Number(process.env.E2E_PORT ?? 8187);
const CONTROL = `http://127.0.0.1:${PORT + 201}`;
const CONNECTION = 'Sabre – Demo Travel';

type StandIn = { epr: string; pcc: string; password: string };

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

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
  await signInBySms(page, request, MANAGER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await page.goto('/smtapp/management/tools/connections');
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

  const counts = `Signed in to Sabre certification as EPR ${sabre.epr} at G7RE. Queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0)`;
  await page.getByRole('button', { name: `Test connection: ${CONNECTION}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: counts })).toBeVisible();
  // The list is read again with the test as the connection's last.
  await expect(row).toContainText(counts);
  await shoot(page, 'connections-sabre');
  await expectNothingPastTheEdge(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: `Disconnect ${CONNECTION}` }).click();
  await page
    .getByRole('dialog', { name: `Disconnect ${CONNECTION}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${CONNECTION} disconnected` }),
  ).toBeVisible();
});

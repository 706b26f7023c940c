import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSessions, type Session } from './demo-world';
import { dayField, shownDay, typeDay } from './day-field-support';
import { expectNothingPastTheEdge } from './layout-support';
import { AGENT, MANAGER, SCREENSHOT_DIR, shoot, SUPER, signInQuickly } from './sign-in-support';

// The credits ledger (issue 36 point 4) against the real server: Adam Agent enters a credit an
// airline gave a passenger of one of his bookings, finds it on the Credits page by its filters,
// sees 'Credit available' on another booking of the same passenger with that airline, and marks
// it used; Maya Manager finds it among her agency's. Two bookings of one passenger are made for
// it with the super user's Add PNR.

test.describe.configure({ mode: 'serial' });

const PASSENGER = { firstName: 'NOA', lastName: 'KREDITOVA' };
const NAME = `${PASSENGER.lastName}/${PASSENGER.firstName}`;
const AIRLINE = 'LY';
// Far enough ahead to be open whatever the tests before did to the clocks.
const EXPIRES_ON = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
const AVAILABLE = `Credit available: 120.50 USD with ${AIRLINE} (${NAME}, expires ${shownDay(EXPIRES_ON)})`;

let superUser: Session;
/** The booking the credit was issued on, and a later one of the same passenger and airline. */
let issuedOn = '';
let laterBooking = '';

type Named = { id: number; name: string; pcc?: string; initials?: string };

async function listed(request: APIRequestContext, path: string): Promise<Named[]> {
  const answer = await request.get(path, { headers: await superUser.headers() });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Named[];
}

/** A booking of Adam's with the credit's passenger on the credit's airline, by Add PNR. */
async function makeBooking(request: APIRequestContext, ids: Record<string, number>) {
  const made = await request.post('/api/admin/pnr/create', {
    headers: await superUser.headers(),
    form: {
      ...ids,
      type: 'REGULAR',
      departsInDays: 60,
      ticketingDueInHours: 300,
      ...PASSENGER,
      from: 'TLV',
      to: 'LHR',
      airline: AIRLINE,
      flightNumber: '315',
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  return ((await made.json()) as { pnrNumber: string }).pnrNumber;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  [superUser] = (await apiSessions(playwright.request, baseURL!, [SUPER])) as [Session];
  const request = await playwright.request.newContext({ baseURL });
  const agency = (await listed(request, '/api/admin/listAgencies')).find(
    (each) => each.name === 'Demo Travel',
  );
  const branch = (await listed(request, `/api/admin/listBranches?agencyId=${agency!.id}`)).find(
    (each) => each.pcc === 'TLV1',
  );
  const agent = (await listed(request, `/api/admin/listAgents?branchId=${branch!.id}`)).find(
    (each) => each.name === 'Adam Agent',
  );
  const ids = { agencyId: agency!.id, branchId: branch!.id, agentId: agent!.id };
  issuedOn = await makeBooking(request, ids);
  laterBooking = await makeBooking(request, ids);
  await request.dispose();
});

test.afterAll(async () => superUser?.dispose());

const heading = (page: Page) => page.getByRole('heading', { name: 'Credits', level: 1 });
const filters = (page: Page) => page.getByRole('search', { name: 'Credit filters' });
/** The row (table) or card (phone) of the test's credit. */
const ourCredit = (page: Page) =>
  page.getByRole('row').or(page.getByRole('article')).filter({ hasText: NAME });

async function openCredits(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Credits' }).click();
  await expect(heading(page)).toBeVisible();
}

/** Each width's screenshot once the page has taken that width's layout (table or cards). */
async function shootSettled(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNothingPastTheEdge(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${width}.png`, fullPage: true });
  }
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

test('should let an agent enter a credit, find it by its filters, see it on a later booking and mark it used', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, AGENT);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await openCredits(page);
  // The header holds one more link: it still fits from the small-screen threshold up.
  for (const width of [600, 768, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNothingPastTheEdge(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Entering: the schema's words at the fields first, then the credit as the PNR names it.
  await page.getByRole('button', { name: 'Enter a credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter a credit' });
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: false });
  await field('PNR').fill(issuedOn.toLowerCase());
  await field('Airline').fill(AIRLINE.toLowerCase());
  await field('Passenger (LAST/FIRST)').fill('Noa Kreditova');
  await field('Amount').fill('120.555');
  await field('Currency').fill('usd');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Should be the name as the PNR has it: LAST/FIRST')).toBeVisible();
  await expect(
    dialog.getByText('Should be an amount above 0 with at most 2 decimals'),
  ).toBeVisible();
  await expect(dialog.getByText('The expiry date is required')).toBeVisible();
  await dialog.page().screenshot({ path: `${SCREENSHOT_DIR}credits-enter-messages-1280.png` });

  await field('Passenger (LAST/FIRST)').fill('Kreditova/Noa');
  await field('Amount').fill('120.50');
  await typeDay(dialog, 'Expires on *', EXPIRES_ON);
  await field('Reference (optional)').fill('LY-E2E-1');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}credits-enter-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}credits-enter-1280.png` });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Credit entered')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = ourCredit(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('120.50 USD');
  await expect(row).toContainText(shownDay(EXPIRES_ON));
  await expect(row).toContainText('Open');
  await expect(row).toContainText(issuedOn);
  await expect(row).toContainText('Entered by agent');

  // Filters: the passenger and airline find it; another airline or state does not.
  const search = filters(page);
  await search.getByRole('textbox', { name: 'Passenger name' }).fill('kreditova');
  await search.getByRole('textbox', { name: 'Airline' }).fill('ba');
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No credits match these filters')).toBeVisible();
  await search.getByRole('textbox', { name: 'Airline' }).fill('ly');
  await search.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Open' });
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').or(page.getByRole('article'))).toHaveCount(2); // + header
  await shootSettled(page, 'credits');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNothingPastTheEdge(page);
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousViolations(page);

  // The later booking of the same passenger on that airline says the credit is there.
  await page.getByRole('banner').getByRole('link', { name: 'My PNRs' }).click();
  await page.goto(`/smtapp/my-pnrs?pnrNumber=${laterBooking}`);
  await page.getByRole('button', { name: `Expand PNR ${laterBooking}` }).click();
  const details = page.getByRole('region', { name: `Details of PNR ${laterBooking}` });
  await expect(details.getByText(AVAILABLE)).toBeVisible();
  await shoot(page, 'credits-available-pnr-details');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The engine told of the later booking as a duplicate of the first: its card says so too.
  const card = page.getByRole('article').filter({ hasText: laterBooking });
  await expect(async () => {
    await page.goto('/smtapp/notifications/cancelled/pending');
    await expect(card.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    card.first().getByText(`Credit available: 120.50 USD with ${AIRLINE}`),
  ).toBeVisible();
  await card.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}credits-available-card-1280.png` });

  // Used for a ticket: marked so, it is no longer offered.
  await openCredits(page);
  await ourCredit(page)
    .getByRole('button', { name: `Mark the credit of ${NAME} used` })
    .click();
  await expect(page.getByText('Credit marked used')).toBeVisible();
  await expect(ourCredit(page)).toContainText('Used');
  await expect(
    ourCredit(page).getByRole('button', { name: `Mark the credit of ${NAME} open` }),
  ).toBeVisible();
  await page.goto(`/smtapp/my-pnrs?pnrNumber=${laterBooking}`);
  await page.getByRole('button', { name: `Expand PNR ${laterBooking}` }).click();
  await expect(
    page
      .getByRole('region', { name: `Details of PNR ${laterBooking}` })
      .getByRole('heading', { name: '1 Passenger' }),
  ).toBeVisible();
  await expect(page.getByText(AVAILABLE)).toHaveCount(0);
});

test("should show a manager the agency's credits with the agent of each", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, MANAGER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await openCredits(page);
  await filters(page).getByRole('textbox', { name: 'Passenger name' }).fill(PASSENGER.lastName);
  await filters(page).getByRole('button', { name: 'Apply' }).click();
  await expect(ourCredit(page)).toContainText('Adam Agent');
  await expect(ourCredit(page)).toContainText('Used');
  await expect(dayField(filters(page), 'Expires from')).toBeVisible();
  await shootSettled(page, 'credits-manager');
});

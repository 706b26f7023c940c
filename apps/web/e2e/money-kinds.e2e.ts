import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { utcDayOf, DAY_MS } from '@smt/shared';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import { AGENT, MANAGER, SUPER, shoot, signInAt } from './sign-in-support';

// Cash and airline credit told apart from the alert to the books (issue 36): Adam Agent sees a
// reprice that saves cash and one that saves only airline credit, approves the credit one and
// finds its credit on the Credits page; Maya Manager sees the two kinds apart on the
// dashboard. The demo gives every agent one of each (demo-bookings.ts).

test.describe.configure({ mode: 'serial' });

type Item = { notification_id: number; pnr: string; title_message: string };

let superUser: Session;
let adam: Session;
let maya: Session;
let cash: Item;
let credit: Item;

async function pendingReprices(request: APIRequestContext, session: Session): Promise<Item[]> {
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await session.headers(),
    form: { fetchType: 'personal', group: 'REPRICE', subtype: 'Pending', chunk: '100' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { notifications: Item[] }).notifications;
}

const details = (page: Page) => page.getByRole('dialog', { name: 'Notification details' });

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  [superUser, adam, maya] = (await apiSessions(playwright.request, baseURL!, [
    SUPER,
    AGENT,
    MANAGER,
  ])) as [Session, Session, Session];
  const request = await playwright.request.newContext({ baseURL });
  await raiseDemoNotifications(request, superUser, adam, ['REPRICE']);
  const reprices = await pendingReprices(request, adam);
  const creditOne = reprices.find((item) =>
    / as airline credit, expires /.test(item.title_message),
  );
  const cashOne = reprices.find((item) => / \(cash\) by repricing to /.test(item.title_message));
  if (!creditOne || !cashOne)
    throw new Error(`Adam has no cash and credit reprices: ${JSON.stringify(reprices)}`);
  [credit, cash] = [creditOne, cashOne];
  await request.dispose();
});

test.afterAll(async () => {
  for (const session of [superUser, adam, maya]) await session?.dispose();
});

test('should tell a cash reprice from a credit one, approve the credit and find it on the Credits page', async ({
  page,
  request,
}) => {
  await signInAt(page, request, AGENT, '/smtapp/notifications');
  const column = page.getByRole('region', { name: 'Reprice' });
  const cardOf = (item: Item) =>
    column.locator('article', { hasText: new RegExp(`PNR\\s+${item.pnr}`) }).first();
  await expect(cardOf(cash)).toContainText('(cash)');
  await expect(cardOf(credit)).toContainText('as airline credit, expires');
  await cardOf(credit).scrollIntoViewIfNeeded();
  await shoot(page, 'money-kinds-cards');

  await page.goto(`/smtapp/notifications/${credit.notification_id}`);
  const panel = details(page);
  await expect(panel).toContainText('the airline keeps it as credit');
  await expect(panel).toContainText('as airline credit');
  await shoot(page, 'money-kinds-credit-details');
  await panel.getByRole('button', { name: 'Approve' }).click();
  // The booking is ticketed: the product asks before it reissues (SPEC §2.5).
  await page.getByRole('dialog', { name: 'Approve' }).getByRole('button', { name: 'Ok' }).click();
  await expect(panel.locator('[data-tone="green"]')).toContainText('Repriced');
  await expect(panel).toContainText(/Saved [\d,.]+ [A-Z]{3} as airline credit/);
  await page.keyboard.press('Escape');

  // The credit the airline keeps for each ticket is in the ledger, open, from this booking.
  await page.getByRole('banner').getByRole('link', { name: 'Credits' }).click();
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  const ours = page.getByRole('row').or(page.getByRole('article')).filter({ hasText: credit.pnr });
  await expect(ours.first()).toBeVisible();
  await expect(ours.first()).toContainText(/open/i);
  await shoot(page, 'money-kinds-credits');
});

test('should show a manager cash and airline credit apart on the dashboard', async ({
  page,
  request,
}) => {
  // Adam's cash reprice executed too: both kinds have an actual saving.
  const done = await request.post('/api/executePendingOperation', {
    headers: await adam.headers(),
    form: { notification_id: String(cash.notification_id), op_code: 'RP' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const { now } = (await (await request.get('/api/dev/clock')).json()) as { now: string };
  const from = utcDayOf(Date.parse(now) - 30 * DAY_MS);
  const to = utcDayOf(Date.parse(now));
  if (utcDayOf(Date.parse(now)) !== utcDayOf(Date.now())) {
    await page.clock.setFixedTime(new Date(now));
  }

  await signInAt(page, request, MANAGER, `/smtapp/dashboard?nf=${from}&nt=${to}`);
  const potentialVsActual = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Potential vs Actual saving', exact: true }),
  });
  await expect(potentialVsActual).toContainText(/airline credit/);
  await expect(potentialVsActual).toContainText(/cash/);
  await shoot(page, 'money-kinds-dashboard');
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import { AGENT, MANAGER, SCREENSHOT_DIR, SUPER, shoot, signInAt } from './sign-in-support';

// Issue 20, agent speed: the search box searches at once, a manager's All view names each
// card's agent, the columns sort by age and deadline, the arrow keys walk the cards, and a
// price quote says which passengers and segments it covers.

type Item = { notification_id: number; pnr: string; agent_name: string };

// Slow on a shared machine: each test walks several screens.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let sessions: Record<'super' | 'adam' | 'maya', Session>;

async function list(request: APIRequestContext, session: Session, form: Record<string, string>) {
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await session.headers(),
    form: { chunk: '9999', ...form },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { notifications: Item[] }).notifications;
}

const LOADING = { timeout: 30_000 };

const column = (page: Page, label: string) => page.getByRole('region', { name: label });
const cards = (page: Page, label: string) => column(page, label).locator('article');
const searchBox = (page: Page) => page.getByLabel('Search by PNR / name / flight');
const shownPnrs = (page: Page) => page.locator('table tbody tr th[scope="row"]');

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const [superUser, adam, maya] = await apiSessions(playwright.request, baseURL!, [
    SUPER,
    AGENT,
    MANAGER,
  ]);
  sessions = { super: superUser!, adam: adam!, maya: maya! };
  const request = await playwright.request.newContext({ baseURL });
  await raiseDemoNotifications(request, sessions.super, sessions.adam);
  await request.dispose();
});

test.afterAll(async () => {
  for (const session of Object.values(sessions)) await session.dispose();
});

test('should find a booking by the PNR typed in the search box, without opening the panel', async ({
  page,
  request,
}) => {
  await signInAt(page, request, AGENT, '/smtapp/my-pnrs');
  await expect(shownPnrs(page).first()).toBeVisible(LOADING);
  const pnr = (await shownPnrs(page).nth(2).innerText()).trim().slice(0, 6);

  await searchBox(page).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await searchBox(page).fill(pnr.toLowerCase());
  await searchBox(page).press('Enter');

  await expect(page).toHaveURL(new RegExp(`search=${pnr.toLowerCase()}`));
  await expect
    .poll(async () => (await shownPnrs(page).allInnerTexts()).map((text) => text.slice(0, 6)))
    .toEqual([pnr]);
  await expect(page.getByRole('button', { name: `Search: ${pnr.toLowerCase()}` })).toBeVisible();
  await shoot(page, 'agent-speed-search');

  // On a phone too the box takes the term; the panel is the Filters button's.
  await page.setViewportSize({ width: 375, height: 800 });
  await searchBox(page).click();
  await searchBox(page).fill('ab');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'My PNRs Filters' })).toBeVisible();
});

test("should name each card's agent in a manager's All view and sort the columns", async ({
  page,
  request,
}) => {
  await signInAt(page, request, MANAGER, '/smtapp/notifications');
  const newest = await list(request, sessions.maya, { fetchType: 'all', group: 'REPRICE' });
  const [first] = newest;
  if (!first) throw new Error('the manager sees reprices');
  const firstCard = cards(page, 'Reprice').first();
  // A loaded machine takes a while to bring the first page in.
  await expect(firstCard).toContainText(first.pnr, LOADING);
  await expect(firstCard.getByRole('img', { name: 'Agent' })).toBeVisible();
  await expect(firstCard).toContainText(first.agent_name);
  await shoot(page, 'agent-speed-agent-names');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('combobox', { name: 'Sort' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(page).toHaveURL(/sort=oldest/);
  const oldest = await list(request, sessions.maya, {
    fetchType: 'all',
    group: 'REPRICE',
    sort: 'oldest',
  });
  await expect(cards(page, 'Reprice').first()).toContainText(oldest[0]!.pnr, LOADING);

  await page.getByRole('combobox', { name: 'Sort' }).click();
  await page.getByRole('option', { name: 'Deadline first' }).click();
  await expect(page).toHaveURL(/sort=deadline/);
  const soonest = await list(request, sessions.maya, {
    fetchType: 'all',
    group: 'TICKETING_DUE',
    sort: 'deadline',
  });
  await expect(cards(page, 'Ticketing Due').first()).toContainText(soonest[0]!.pnr, LOADING);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Deadline first', LOADING);
  await shoot(page, 'agent-speed-sort');
});

test('should move between cards with the arrow keys and open one with Enter', async ({
  page,
  request,
}) => {
  await signInAt(page, request, MANAGER, '/smtapp/notifications');
  const reprices = cards(page, 'Reprice');
  await expect(reprices.nth(1)).toBeVisible(LOADING);

  await reprices.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(reprices.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cards(page, 'ADMs').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(reprices.nth(1)).toBeFocused();
  await page.screenshot({ path: `${SCREENSHOT_DIR}agent-speed-keyboard-1280.png` });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notification details' })).toBeVisible(LOADING);
  await expect(page).toHaveURL(/\/notifications\/\d+/);

  // On a phone the columns fold; the cards of an open one walk the same way.
  await page.goto('/smtapp/notifications');
  await page.setViewportSize({ width: 375, height: 800 });
  const folded = page.locator('[data-notification-cards]').first().locator('article');
  await expect(folded.nth(1)).toBeVisible(LOADING);
  await folded.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(folded.nth(1)).toBeFocused();
  await page.screenshot({ path: `${SCREENSHOT_DIR}agent-speed-keyboard-375.png` });
});

test('should list the passengers and segments a price quote covers', async ({ page, request }) => {
  const [reprice] = await list(request, sessions.adam, { fetchType: 'personal', group: 'REPRICE' });
  if (!reprice) throw new Error('Adam has a pending reprice');
  await signInAt(page, request, AGENT, `/smtapp/notifications/${reprice.notification_id}`);
  const panel = page.getByRole('dialog', { name: 'Notification details' });
  await expect(panel.getByRole('heading', { name: 'Covers' }).first()).toBeVisible(LOADING);
  const covers = panel.locator('dt', { hasText: 'Passengers' }).first();
  await expect(covers.locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^\d+ (Adult|Child|Infant)/,
  );
  const segment = panel
    .locator('dt', { hasText: 'Segments' })
    .first()
    .locator('xpath=following-sibling::dd[1]//li')
    .first();
  await expect(segment).toHaveText(/^[A-Z]{3}-[A-Z]{3} [A-Z0-9]{2}\d{1,4}$/);
  await panel.getByRole('heading', { name: 'Covers' }).first().scrollIntoViewIfNeeded();
  await shoot(page, 'agent-speed-price-quote');
});

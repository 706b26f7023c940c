import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import {
  AGENT,
  AGENT_2,
  SUPER,
  demoUser,
  shoot,
  signInBySms,
  type DemoUser,
  signInAt,
  signInQuickly,
} from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// The profile, unregistering and impersonation (SPEC §2.10, §4, §6) over the real server: users
// made for the test through the management calls change their profile and unregister; the
// super user acts as Adam Agent and comes back.

test.describe.configure({ mode: 'serial' });

const PROFILE_USER = demoUser('pia.profile@demo.test', '500000151');
const LEAVING_USER = demoUser('uri.leaving@demo.test', '500000152');
// The theme's primary and error colours.
const HEADER_BLUE = 'rgb(21, 101, 192)';
const HEADER_RED = 'rgb(211, 47, 47)';

let superUser: Session;
let adam: Session;

/** The elements reaching past the screen's right edge (named, so a failure says what does). */
/** At 375 px, once the header has turned compact (its menu button), nothing reaches past. */
async function expectNoOverflowAt375(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('banner').getByRole('button', { name: /^Menu/ })).toBeVisible();
  await expectNothingPastTheEdge(page);
}

const snack = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const header = (page: Page) => page.getByRole('banner');

/** Adds an agent user at Adam Agent's sign, as the super user would on the users page. */
async function addAgentUser(request: APIRequestContext, user: DemoUser, name: string) {
  const headers = await superUser.headers();
  const agents = await request.get('/api/admin/management/agent/getList', {
    headers,
    params: { name: 'AA' },
  });
  expect(agents.status()).toBe(200);
  const { items } = (await agents.json()) as { items: { id: number; initials: string }[] };
  const sign = items.find((agent) => agent.initials === 'AA');
  if (!sign) throw new Error('no agent AA');
  const created = await request.post('/api/admin/management/user/create', {
    headers,
    form: {
      name,
      email: user.email,
      deviceNumber: user.e164,
      role: 'ROLE_SA_AGENT_USER',
      agentId: String(sign.id),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}

test.beforeAll(async ({ playwright, baseURL }) => {
  // Signed in through the API before any browser session: signing in moves the server's
  // clock, which would end a browser session idle in between.
  [superUser, adam] = (await apiSessions(playwright.request, baseURL!, [SUPER, AGENT])) as [
    Session,
    Session,
  ];
});

test.afterAll(async () => {
  await superUser.dispose();
  await adam.dispose();
});

test('should rename the user and keep them logged in when the profile is updated', async ({
  page,
  request,
}) => {
  await addAgentUser(request, PROFILE_USER, 'Pia Profile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, PROFILE_USER, '/smtapp/account');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Pia Profile');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Device number' })).toHaveValue(PROFILE_USER.e164);
  const update = page.getByRole('button', { name: 'Update User' });
  await expect(update).toBeDisabled();

  await expectNoOverflowAt375(page);
  await shoot(page, 'account-profile');
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: the choice with Space, the form sent with Enter from the name.
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).press('Space');
  await name.fill('Pia P.');
  await name.press('Enter');
  await expect(snack(page, 'User successfully updated!')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Pia P.' })).toBeVisible();
  await expect(update).toBeDisabled();
  // A kept session's credentials outlive the browser.
  expect(await page.evaluate(() => localStorage.getItem('smt.session-credentials') !== null)).toBe(
    true,
  );

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Pia P.');
  await expect(page.getByRole('checkbox', { name: 'Keep me logged in' })).toBeChecked();
});

test('should delete the user and end the session when the user unregisters', async ({
  page,
  request,
}) => {
  await addAgentUser(request, LEAVING_USER, 'Uri Leaving');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, LEAVING_USER, '/smtapp/account');
  await page.getByRole('button', { name: 'Unregister' }).click();
  const ask = page.getByRole('dialog', { name: 'Unregister?' });
  await ask.getByRole('button', { name: 'Unregister' }).click();
  await expect(snack(page, 'Unregister successful')).toBeVisible();
  await expect(page).toHaveURL(/\/smtapp\/login$/);

  // The same phone and e-mail now make a new registered user, who lands on adding an agency.
  await signInBySms(page, request, LEAVING_USER);
  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency\/add-agency$/);
  await expect(header(page).getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
});

test("should show the agent's notifications under a red header and come back when the super user switches to the agent", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await raiseDemoNotifications(request, superUser, adam, ['REPRICE']);
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await adam.headers(),
    form: { chunk: '9999', fetchType: 'personal' },
  });
  const adams = new Set(
    ((await answer.json()) as { notifications: { pnr: string }[] }).notifications.map((n) => n.pnr),
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, SUPER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(header(page)).toHaveCSS('background-color', HEADER_BLUE);

  await header(page).getByRole('button', { name: 'Super User' }).click();
  await page
    .getByRole('dialog', { name: 'Super User' })
    .getByRole('button', { name: 'Switch user' })
    .click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch user' });
  await switchDialog.getByRole('textbox', { name: 'Phone number' }).fill(AGENT.phoneNumber);
  await shoot(page, 'account-switch-user');
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchDialog.getByRole('textbox', { name: 'Phone number' }).press('Enter');

  // A reload into the agent's landing page, as the agent, under a red header.
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(header(page).getByRole('button', { name: 'Adam Agent' })).toBeVisible();
  await expect(header(page)).toHaveCSS('background-color', HEADER_RED);
  await expect(header(page).getByRole('link', { name: 'My PNRs' })).toBeVisible();

  await header(page)
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const reprice = page.getByRole('region', { name: 'Reprice' });
  await expect(reprice.locator('article').first()).toBeVisible();
  const shown = (await page.locator('article').allInnerTexts()).flatMap(
    (text) => /PNR\s+([A-Z0-9]{6})/.exec(text)?.[1] ?? [],
  );
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((pnr) => !adams.has(pnr))).toEqual([]);
  await expectNoOverflowAt375(page);
  await shoot(page, 'account-impersonating');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The agent's profile cannot unregister while impersonated.
  await page.goto('/smtapp/account');
  await expect(page.getByRole('button', { name: 'Unregister' })).toBeDisabled();

  await header(page).getByRole('button', { name: 'Adam Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adam Agent' });
  await expect(dialog.getByText('Super User is acting as this user')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await shoot(page, 'account-stop-impersonation');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Stop Impersonation' }).click();

  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(header(page).getByRole('button', { name: 'Super User' })).toBeVisible();
  await expect(header(page)).toHaveCSS('background-color', HEADER_BLUE);
});

test('should switch to a user from their row when the super user is on the users list', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInQuickly(page, request, SUPER, { path: '/smtapp/management/tools/users' });
  const search = page.getByLabel('Email');
  await search.fill(AGENT_2.email);
  await search.press('Enter');
  const switchTo = page.getByRole('button', { name: 'Switch to Bella Agent' });
  await expect(switchTo).toBeVisible();
  await expectNothingPastTheEdge(page);

  await switchTo.click();
  await page
    .getByRole('dialog', { name: 'Switch to Bella Agent?' })
    .getByRole('button', { name: 'Switch user' })
    .click();
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(header(page)).toHaveCSS('background-color', HEADER_RED);
  await header(page).getByRole('button', { name: 'Bella Agent' }).click();
  await page
    .getByRole('dialog', { name: 'Bella Agent' })
    .getByRole('button', { name: 'Stop Impersonation' })
    .click();
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(header(page)).toHaveCSS('background-color', HEADER_BLUE);
});

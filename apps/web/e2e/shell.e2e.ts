import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { watchNetwork } from './network-quiet';

const SCREENSHOT_DIR = fileURLToPath(new URL('../../../.screenshots/', import.meta.url));
const CAPTCHA_TEST_KEY = 'local-test-key';
// Where apps/web/src/lib/session-credentials.ts keeps a session without 'keep me logged in'.
const CREDENTIALS_KEY = 'smt.session-credentials';

const ALL_ADMIN_ITEMS = [
  'Agencies',
  'Branches',
  'Agents',
  'Users',
  'Processes',
  'Design',
  'Health',
  'Connections',
  'PNR Info',
  'Add PNR',
  'Account settings',
  'Notification types',
];
// A branch manager is a Manager too: Connections shows, and its calls answer why it is closed.
const MANAGER_ITEMS = [
  'Branches',
  'Agents',
  'Users',
  'Processes',
  'Connections',
  'Account settings',
  'Notification types',
];
const AGENT_ITEMS = ['Account settings', 'Notification types'];
const OPERATOR_ITEMS = ['Agencies', 'Account settings', 'Notification types'];
const HEADER_LINKS = ['Notifications', 'My PNRs', 'Dashboard'];

type DemoUser = {
  name: string;
  email: string;
  phone: string;
  headerLinks: string[];
  drawerItems: string[];
};

// The demo organisation of CONTRACT.md.
const DEMO_USERS: DemoUser[] = [
  {
    name: 'Super User',
    email: 'super@demo.test',
    phone: '+972500000001',
    headerLinks: ['Notifications', 'Dashboard'],
    drawerItems: ALL_ADMIN_ITEMS,
  },
  {
    name: 'Maya Manager',
    email: 'manager@demo.test',
    phone: '+972500000002',
    headerLinks: ['Notifications', 'Dashboard'],
    drawerItems: MANAGER_ITEMS,
  },
  {
    name: 'Adam Agent',
    email: 'agent@demo.test',
    phone: '+972500000003',
    headerLinks: ['Notifications', 'My PNRs'],
    drawerItems: AGENT_ITEMS,
  },
  {
    name: 'Bella Agent',
    email: 'agent2@demo.test',
    phone: '+972500000004',
    headerLinks: ['Notifications', 'My PNRs'],
    drawerItems: AGENT_ITEMS,
  },
  {
    name: 'Omer Operator',
    email: 'operator@demo.test',
    phone: '+972500000005',
    headerLinks: ['Notifications'],
    drawerItems: OPERATOR_ITEMS,
  },
  {
    name: 'Ben Branch',
    email: 'branchmanager@demo.test',
    phone: '+972500000006',
    headerLinks: ['Notifications', 'Dashboard'],
    drawerItems: MANAGER_ITEMS,
  },
  {
    name: 'Gil Globe',
    email: 'globe.manager@demo.test',
    phone: '+972500000007',
    headerLinks: ['Notifications', 'Dashboard'],
    drawerItems: MANAGER_ITEMS,
  },
  {
    name: 'Gal Globe',
    email: 'globe.agent@demo.test',
    phone: '+972500000008',
    headerLinks: ['Notifications', 'My PNRs'],
    drawerItems: AGENT_ITEMS,
  },
];

async function sendCode(request: APIRequestContext, user: DemoUser) {
  return request.post('/api/auth/sms/send', {
    data: { email: user.email, phone: user.phone, captcha: CAPTCHA_TEST_KEY },
  });
}

type Token = { accessToken: string; expiresAt: string };

/**
 * Signs in by SMS through the real calls. `request` must be the page's own, so the session
 * cookie lands in the browser that then opens the app.
 */
async function signIn(request: APIRequestContext, user: DemoUser): Promise<Token> {
  let sent = await sendCode(request, user);
  if (sent.status() === 429) {
    // Other journeys of the same run sign in from the same address and phones: step the
    // server's clock past the per-phone minute and the per-address hour, as its own tests do.
    const moved = await request.post('/api/dev/clock', { data: { advanceMinutes: 61 } });
    expect(moved.status(), await moved.text()).toBe(200);
    sent = await sendCode(request, user);
  }
  expect(sent.status(), await sent.text()).toBe(200);

  const inbox = await request.get(`/api/dev/inbox?to=${encodeURIComponent(user.phone)}`);
  expect(inbox.status()).toBe(200);
  const messages = (await inbox.json()) as { channel: string; code?: string }[];
  const code = messages.find((message) => message.channel === 'sms' && message.code)?.code;
  expect(code, `an SMS code for ${user.phone}`).toBeTruthy();

  const verified = await request.post('/api/auth/sms/verify', {
    data: { email: user.email, phone: user.phone, code, keepLoggedIn: false },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()) as Token;
}

/** Signs in and opens the app's home page with the session the sign-in page would store. */
async function openAppAs(page: Page, user: DemoUser, path = '/smtapp/home'): Promise<void> {
  const token = await signIn(page.context().request, user);
  const credentials = { ...token, phone: user.phone, email: user.email, keepLoggedIn: false };
  await page.addInitScript(
    ({ key, value }) => {
      // Only once: the app renews the token and must not find the old one put back.
      if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
    },
    { key: CREDENTIALS_KEY, value: JSON.stringify(credentials) },
  );
  await page.goto(path);
}

async function expectHeaderLinks(page: Page, expected: string[]): Promise<void> {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  for (const name of HEADER_LINKS) {
    // Not exact: the Notifications link also names its unread count.
    await expect(nav.getByRole('link', { name })).toHaveCount(expected.includes(name) ? 1 : 0);
  }
}

/** Waits until the drawer has slid all the way in, so a screenshot catches it at rest. */
async function expectDrawerInPlace(page: Page, title: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: title });
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box && viewport ? Math.round(box.x + box.width) : null;
    })
    .toBe(viewport?.width);
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Admin settings' }).click();
  await expectDrawerInPlace(page, 'Settings');
  return page.getByRole('navigation', { name: 'Settings' });
}

/** Waits for the page to settle, without a tooltip left by the last click, then shoots. */
async function shoot(page: Page, name: string): Promise<void> {
  await watchNetwork(page).quiet();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}

function demoUser(name: string): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.name === name);
  if (!user) throw new Error(`no demo user ${name}`);
  return user;
}

for (const user of DEMO_USERS) {
  test(`should show the header links and drawer items of the role when ${user.name} signs in`, async ({
    page,
  }) => {
    await openAppAs(page, user);

    await expect(page.getByRole('button', { name: user.name })).toBeVisible();
    await expectHeaderLinks(page, user.headerLinks);
    const drawer = await openDrawer(page);
    await expect(drawer.getByRole('link')).toHaveText(user.drawerItems);
  });
}

// Followed from the start: a signed-in page keeps its live stream open, never 'networkidle'.
test.beforeEach(({ page }) => {
  watchNetwork(page);
});

test('should close the drawer on navigation and deny the dashboard when an agent uses the shell', async ({
  page,
}) => {
  const agent = demoUser('Gal Globe');
  await openAppAs(page, agent);

  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: 'Notification types' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/smtapp\/notificationsSettings$/);

  await page.goto('/smtapp/dashboard');
  await expect(
    page.getByRole('heading', { name: 'You do not have permission to access this page' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: agent.name })).toBeVisible();
  await shoot(page, 'shell-page-denied-1280');
});

test('should hide the feedback tab when a manager opens the notifications or a management page', async ({
  page,
}) => {
  const manager = demoUser('Maya Manager');
  await openAppAs(page, manager);
  await expect(page.getByRole('link', { name: 'Feedback' })).toBeVisible();

  for (const path of ['/smtapp/notifications', '/smtapp/management/tools/users']) {
    await page.goto(path);
    // Exact: the users page also has 'Edit Maya Manager' and 'Delete Maya Manager'.
    await expect(page.getByRole('button', { name: manager.name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Feedback' })).toHaveCount(0);
  }
});

test('should lay the shell out at 1280px and 375px when the drawer is closed and open', async ({
  page,
}) => {
  await openAppAs(page, demoUser('Super User'));

  await expect(page.getByText(/^[A-Z][a-z]+day, \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feedback' })).toBeVisible();
  await shoot(page, 'shell-1280-drawer-closed');
  await openDrawer(page);
  await shoot(page, 'shell-1280-drawer-open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeHidden();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Admin settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Feedback' })).toHaveCount(0);
  await shoot(page, 'shell-375-drawer-closed');
  await page.getByRole('button', { name: /^Menu/ }).click();
  await expectDrawerInPlace(page, 'Menu');
  const main = page.getByRole('navigation', { name: 'Main' });
  // The unread badge's count is drawn before the label; its name says it after.
  await expect(main.getByRole('link')).toHaveText([
    'Home',
    /Notifications/,
    'Credits',
    'Dashboard',
  ]);
  await expect(main.getByRole('link', { name: /^Notifications( \(\d+ unread\))?$/ })).toBeVisible();
  await shoot(page, 'shell-375-drawer-open');
});

test('should show the application-level denied screen and lead back to login when the user has no known role', async ({
  page,
}) => {
  const user = demoUser('Gal Globe');
  // No demo user lacks a role, so the user details are made to report none.
  await page.route('**/api/getUserDetails', async (route) => {
    const response = await route.fetch();
    const details = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...details, roles: [], serverRoles: [] } });
  });
  await openAppAs(page, user);

  await expect(
    page.getByText('You do not have privileges to access the application'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@smt.travel' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await shoot(page, 'app-access-denied-1280');
  await page.getByRole('button', { name: 'Back to login page' }).click();
  await expect(page).toHaveURL(/\/smtapp\/login$/);
});

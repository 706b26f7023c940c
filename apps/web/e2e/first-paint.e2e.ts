import { expect, test, type Page, type Route } from '@playwright/test';
import {
  AGENT,
  countMessages,
  fillLoginForm,
  MANAGER,
  nextMessage,
  shoot,
  signInBySms,
  SMS_CODE_LABEL,
  stepPastSendLimits,
} from './sign-in-support';

/** Marks the form the document painted, so that the app's form, which replaces it, is told apart. */
const markPaintedForm = (page: Page) =>
  page.evaluate(() => document.querySelector('#root form')?.setAttribute('data-painted', ''));

/** The app's own form: it has taken over from the painted one. */
const appForm = (page: Page) => page.locator('#root form:not([data-painted])');

/** The app's entry script, which the sign-in page's start script loads. */
async function appEntryOf(page: Page): Promise<string> {
  const html = await (await page.request.get('/smtapp/login')).text();
  const entry = /<meta name="smt-app-entry" content="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('the sign-in document names no app entry');
  return entry;
}

// Issue 39: the sign-in page's document carries its form, and a signed-in route's its frame
// (the header's bar and the page's title), so a phone paints them before the app's script
// arrives; what is typed meanwhile carries over into the app's form.

/** Holds back every script of the app until `release` is called. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/smtapp/assets/*.js', (route) =>
    released ? route.continue() : void held.push(route),
  );
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('should paint the sign-in form from the document while its script is held back, and keep what was typed', async ({
  page,
  request,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/smtapp/login', { waitUntil: 'commit' });

  await expect(page.getByRole('heading', { name: 'Your virtual assistant.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SMS', exact: true })).toBeVisible();
  // Nothing of the app has run: its script is still on its way.
  await expect.poll(scripts.held).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.querySelector('#root form') !== null)).toBe(true);
  const config = (await (await request.get('/api/config')).json()) as {
    termsUrl: string;
    privacyUrl: string;
  };
  await expect(page.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
    'href',
    config.termsUrl,
  );
  await shoot(page, 'login-before-script');

  await markPaintedForm(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('typed.early@demo.test');
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).check();

  await scripts.release();

  // The app's form has taken over: its rule on "Keep me logged in" shows, and it holds what
  // was typed before it started, with the focus where it was.
  await expect(appForm(page)).toBeVisible();
  await expect(page.getByText(/no login will protect your session/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('typed.early@demo.test');
  await expect(page.getByRole('checkbox', { name: 'Keep me logged in' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Keep me logged in' })).toBeFocused();
});

test("should paint a signed-in route's frame and title from the document while its script is held back", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  await signInBySms(page, request, AGENT, { keepLoggedIn: true });
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  const context = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  const opened = await context.newPage();
  const scripts = await holdScripts(opened);

  await opened.goto('/smtapp/notifications', { waitUntil: 'commit' });

  await expect(opened.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(opened.getByRole('banner').getByRole('link', { name: 'SMT' })).toBeVisible();
  // It says the page is still loading: nothing of the app has run.
  await expect(opened.locator('main [aria-busy="true"]')).toBeVisible();
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await shoot(opened, 'shell-before-script');

  await scripts.release();
  await expect(opened.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(opened.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(opened.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});

test('should load only the start script on a first visit, and the app once the form is used, keeping every key', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const entry = await appEntryOf(page);

  await page.goto('/smtapp/login');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain(entry);
  expect(scripts.filter((script) => /\/react-[\w-]+\.js$/.test(script))).toEqual([]);

  await markPaintedForm(page);
  await page.getByRole('textbox', { name: 'Email' }).click();
  await page.keyboard.type('typed.while.loading@demo.test');

  await expect(appForm(page)).toBeVisible();
  expect(scripts).toContain(entry);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type('.il');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(
    'typed.while.loading@demo.test.il',
  );
});

test('should make the send asked for before the app had started', async ({ page, request }) => {
  await stepPastSendLimits(request);
  const before = await countMessages(request, MANAGER.e164, 'sms');
  const entry = await appEntryOf(page);
  const held: Route[] = [];
  let released = false;
  await page.route(`**${entry}`, (route) => (released ? route.continue() : void held.push(route)));

  await page.goto('/smtapp/login');
  await markPaintedForm(page);
  await fillLoginForm(page, MANAGER);
  // The form was used: the app is on its way, held back here.
  await expect.poll(() => held.length).toBe(1);
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  // The painted form went nowhere: the page is the same, the send is kept for the app.
  await expect(page).toHaveURL(/\/smtapp\/login$/);
  expect(await page.evaluate(() => document.documentElement.dataset.smtSubmitted)).toBe('sms');

  released = true;
  await held[0]!.continue();

  await expect(page.getByRole('textbox', { name: SMS_CODE_LABEL })).toBeVisible();
  const { code } = await nextMessage(request, MANAGER.e164, 'sms', before);
  expect(code).toMatch(/^\d{6}$/);
  expect(await page.evaluate(() => document.documentElement.dataset.smtSubmitted)).toBeUndefined();
});

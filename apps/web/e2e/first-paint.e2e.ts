import { expect, test, type Page, type Route } from '@playwright/test';
import { AGENT, shoot, signInBySms } from './sign-in-support';

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

  await page.getByRole('textbox', { name: 'Email' }).fill('typed.early@demo.test');
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).check();

  await scripts.release();

  // The app's form has taken over: its rule on "Keep me logged in" shows, and it holds what
  // was typed before it started.
  await expect(page.getByText(/no login will protect your session/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('typed.early@demo.test');
  await expect(page.getByRole('checkbox', { name: 'Keep me logged in' })).toBeChecked();
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

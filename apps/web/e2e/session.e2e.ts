import { expect, test } from '@playwright/test';
import { AGENT, MANAGER, signInBySms, SUPER } from './sign-in-support';

test('should end the session with a snack when the user is idle for 31 minutes', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signInBySms(page, request, SUPER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  // The shell (and its inactivity check) is up only once the user's details have loaded.
  await expect(page.getByRole('banner')).toBeVisible();
  const loggedOut = page.waitForResponse('**/api/logout');

  await page.clock.fastForward('31:00');

  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/smtapp\/login$/);
  await expect(page.getByText('Your session has expired')).toBeVisible();
  // The session is over on the server too: its cookie no longer renews a token.
  const refreshed = await page.request.post('/api/auth/refresh');
  expect(refreshed.status()).toBe(401);
});

test('should keep the session when the user is active within the limit', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signInBySms(page, request, AGENT);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(page.getByRole('banner')).toBeVisible();

  await page.clock.fastForward('20:00');
  await page.mouse.click(5, 400);
  await page.clock.fastForward('20:00');

  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
});

test('should end the session on the server when the user logs out', async ({ page, request }) => {
  await signInBySms(page, request, MANAGER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);

  await page.getByRole('button', { name: 'Maya Manager' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/smtapp\/login$/);
  expect((await page.request.post('/api/auth/refresh')).status()).toBe(401);
  await page.goto('/smtapp/home');
  await expect(page).toHaveURL(/\/smtapp\/login$/);
});

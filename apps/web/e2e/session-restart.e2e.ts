import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { AGENT, GLOBE_MANAGER, signInBySms, type DemoUser } from './sign-in-support';

// The runner's tracing of self-launched browsers breaks their orderly close, and a browser
// that did not close cleanly restores its session cookies, which is not a restart.
test.use({ trace: 'off' });

/** Signs in within a browser that keeps its profile in `userDataDir`, then closes it. */
async function launch(userDataDir: string): Promise<BrowserContext> {
  const { launchOptions, baseURL } = test.info().project.use;
  return chromium.launchPersistentContext(userDataDir, { ...launchOptions, baseURL });
}

async function signInAndRestart(user: DemoUser, keepLoggedIn: boolean) {
  // In the test's output folder, which Playwright empties before the next run.
  const userDataDir = test.info().outputPath('profile');
  const first = await launch(userDataDir);
  const page = first.pages()[0] ?? (await first.newPage());
  await signInBySms(page, first.request, user, { keepLoggedIn });
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await first.close();

  const second = await launch(userDataDir);
  const again = second.pages()[0] ?? (await second.newPage());
  await again.goto('/smtapp/home');
  return { page: again, close: () => second.close() };
}

test('should stay signed in after a browser restart when keep me logged in was ticked', async () => {
  const { page, close } = await signInAndRestart(GLOBE_MANAGER, true);

  await expect(page.getByRole('button', { name: 'Gil Globe' })).toBeVisible();
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await close();
});

test('should be signed out after a browser restart when keep me logged in was not ticked', async () => {
  const { page, close } = await signInAndRestart(AGENT, false);

  await expect(page).toHaveURL(/\/smtapp\/login$/);
  await close();
});

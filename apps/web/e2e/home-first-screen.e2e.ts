import { expect, test, type Page } from '@playwright/test';
import { AGENT, MANAGER, signInBySms, type DemoUser } from './sign-in-support';

// Home's first screen on a page load: the user's details and home's counts are asked for side
// by side, as soon as the session's token is there, not the counts once the page knows whose
// they are. Orders, not times: the browser reports a request's start and end in the order they
// happen.

type Step = `${'user' | 'counts'} ${'asked' | 'answered'}`;

function stepsOf(page: Page, countsCall: string): Step[] {
  const steps: Step[] = [];
  const nameOf = (url: string) => {
    const { pathname } = new URL(url);
    if (pathname === '/api/getUserDetails') return 'user';
    if (pathname === `/api/admin/stats/${countsCall}`) return 'counts';
    return null;
  };
  page.on('request', (request) => {
    const name = nameOf(request.url());
    if (name) steps.push(`${name} asked`);
  });
  page.on('requestfinished', (request) => {
    const name = nameOf(request.url());
    if (name) steps.push(`${name} answered`);
  });
  return steps;
}

const cases: [string, DemoUser, string][] = [
  ['an agent', AGENT, 'userNotifications'],
  ['a manager', MANAGER, 'allNotifications'],
];

for (const [who, user, countsCall] of cases) {
  test(`should ask for home's counts beside the user's details when ${who} loads home`, async ({
    page,
    request,
  }) => {
    // Kept logged in, so a new tab starts signed in; home remembers whose counts it showed.
    await signInBySms(page, request, user, { keepLoggedIn: true });
    await expect(page).toHaveURL(/\/smtapp\/home$/);
    await expect(page.getByRole('link', { name: /^Reprice/ })).toBeVisible();
    await page.close();

    const tab = await page.context().newPage();
    const steps = stepsOf(tab, countsCall);
    await tab.goto('/smtapp/home');
    await expect(tab.getByRole('link', { name: /^Reprice/ })).toBeVisible();
    await expect.poll(() => steps).toContain('counts answered');

    expect(steps.indexOf('counts asked')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('counts asked')).toBeLessThan(steps.indexOf('user answered'));
    // Asked for at the start, the counts are not asked for again when the page shows them.
    expect(steps.filter((step) => step === 'counts asked')).toHaveLength(1);
  });
}

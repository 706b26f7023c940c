import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSessions,
  freshSharePath,
  freshTicketingDue,
  pendingTicketingDues,
  type Session,
} from './demo-world';
import {
  AGENT,
  countMessages,
  GLOBE_AGENT,
  MANAGER,
  nextMessage,
  SMS_CODE_LABEL,
  signInBySms,
  stepPastSendLimits,
  SUPER,
  type DemoUser,
} from './sign-in-support';
import { strayBullets } from './layout-support';

// SPEC's pages through axe-core at a phone's and a desktop's width: no serious or critical
// violation of WCAG 2 A/AA. Each user signs in once and walks the pages their role opens.

const PAGES_OF: readonly { user: DemoUser; paths: readonly string[] }[] = [
  {
    user: AGENT,
    paths: [
      '/home',
      '/notifications',
      '/notifications/recent/pending',
      '/my-pnrs',
      '/account',
      '/settings',
      '/notificationsSettings',
      '/documents',
      '/help',
      '/support',
    ],
  },
  {
    user: MANAGER,
    paths: [
      '/dashboard',
      '/management/tools/branches',
      '/management/tools/branches/add-branch',
      '/management/tools/agents',
      '/management/tools/agents/add-agent',
      '/management/tools/users',
      '/management/tools/process-settings',
      '/management/tools/add-process-settings',
    ],
  },
  {
    user: SUPER,
    paths: [
      '/management/tools/agency',
      '/management/tools/agency/add-agency',
      '/management/tools/add-user',
      '/management/tools/design-properties',
      '/management/tools/health',
      '/management/tools/pnrInfo',
      '/management/tools/create-pnr',
    ],
  },
];

type Found = {
  page: string;
  width: number;
  id: string;
  impact: string;
  /** What failed, where: enough to find the element and see why. */
  nodes: string[];
};

/**
 * The signed-in header takes its phone or desktop form a render after a resize (the sign-in
 * pages' header is all CSS): axe must see the form the width gets, with the fonts in and the
 * transitions over.
 */
async function settled(page: Page, small: boolean, signedIn: boolean) {
  const menu = page.getByRole('banner').getByRole('button', { name: /^Menu/ });
  if (small && signedIn) await expect(menu).toBeVisible();
  else await expect(menu).toHaveCount(0);
  // What arrives later changes colours too (a download button enabled once its list is in):
  // axe looks once nothing on the page is loading.
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [role="progressbar"]'),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A colour still on its way (a button enabled a moment ago fades from grey to blue) reads
    // as a contrast failure: axe looks once every transition that ends has ended.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The serious and critical violations on the page as it is now, at both widths. */
async function violationsOn(page: Page, name: string, signedIn: boolean): Promise<Found[]> {
  const found: Found[] = [];
  for (const { width, small } of [
    { width: 375, small: true },
    { width: 1280, small: false },
  ]) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page, small, signedIn);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // The design preview is a sandboxed frame where no script runs, axe's neither.
      .exclude('iframe')
      // Only the violations are read: axe describes one node of each passing rule instead of
      // every node (a selector and a path each).
      .options({ iframes: false, resultTypes: ['violations'] })
      // axe.run in the page itself: with no frame to visit, the default (a partial run here,
      // finished in a new blank page given axe and every partial result) only adds a page, a
      // second copy of axe and that transfer to each look, some 40% of this file's CPU.
      .setLegacyMode(true)
      .analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      found.push({
        page: name,
        width,
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes
          .slice(0, 3)
          .map(
            (node) =>
              `${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 400)}`,
          ),
      });
    }
  }
  return found;
}

async function walk(
  page: Page,
  request: APIRequestContext,
  user: DemoUser,
  paths: readonly string[],
) {
  await signInBySms(page, request, user);
  await expect(page).not.toHaveURL(/\/login/);
  const found: Found[] = [];
  for (const path of paths) {
    await page.goto(`/smtapp${path}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    found.push(...(await violationsOn(page, path, true)));
    for (const item of await strayBullets(page)) {
      found.push({ page: path, width: 1280, id: 'stray-bullet', impact: 'layout', nodes: [item] });
    }
  }
  return found;
}

test('should have no serious or critical violation on the sign-in pages', async ({ page }) => {
  const found: Found[] = [];
  for (const path of ['/login', '/login-test']) {
    await page.goto(`/smtapp${path}`);
    await expect(page.getByRole('button', { name: 'SMS' })).toBeVisible();
    found.push(...(await violationsOn(page, path, false)));
  }
  expect(found).toEqual([]);
});

for (const { user, paths } of PAGES_OF) {
  test(`should have no serious or critical violation on the pages ${user.email} opens`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    expect(await walk(page, request, user, paths)).toEqual([]);
  });
}

/** Presses Tab until the focused element matches, as someone without a mouse would. */
async function tabTo(page: Page, matches: (text: string, role: string | null) => boolean) {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        // What a screen reader would say first: its label, else its text.
        text: element?.getAttribute('aria-label') || element?.innerText || '',
        role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? null,
      };
    });
    if (matches(focused.text, focused.role)) return;
  }
  throw new Error('never reached by Tab');
}

test('should sign in, open a notification and confirm it with the keyboard alone', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [gal] = (await apiSessions(playwright.request, baseURL!, [GLOBE_AGENT])) as [Session];
  try {
    const due = await freshTicketingDue(request, gal, GLOBE_AGENT);
    await page.setViewportSize({ width: 1280, height: 800 });

    await stepPastSendLimits(request);
    const before = await countMessages(request, GLOBE_AGENT.e164, 'sms');
    await page.goto('/smtapp/login-test');
    await tabTo(page, (_text, role) => role === 'input');
    await page.keyboard.type(GLOBE_AGENT.email);
    await tabTo(page, (_text, role) => role === 'input');
    await page.keyboard.type(GLOBE_AGENT.phoneNumber);
    await tabTo(page, (text) => text.trim() === 'SMS');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: SMS_CODE_LABEL })).toBeFocused();
    const { code } = await nextMessage(request, GLOBE_AGENT.e164, 'sms', before);
    await page.keyboard.type(code ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/smtapp\/home$/);

    // Each page is tabbed through once what is sought shows, as someone would wait to see it:
    // Tab pressed while a page still draws can walk past a place before it is there. A run
    // without Playwright's trace, faster, once never reached the Notifications link from home.
    await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await tabTo(page, (text) => text.startsWith('Notifications'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/smtapp\/notifications$/);
    await expect(
      page.getByRole('checkbox', { name: `Select PNR ${due.pnr}` }).first(),
    ).toBeVisible();
    await tabTo(page, (text) => text.startsWith(`Select PNR ${due.pnr}`));
    await tabTo(page, (text) => text.trim() === 'View Details');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/notifications/${due.notification_id}$`));
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await tabTo(page, (text) => text.trim() === 'Confirm');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    // The button is disabled while its call is under way: the list is read until it answers.
    await expect
      .poll(async () =>
        (await pendingTicketingDues(request, gal)).map((item) => item.notification_id),
      )
      .not.toContain(due.notification_id);
  } finally {
    await gal.dispose();
  }
});

test('should have no serious or critical violation on the public share page', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [gal] = (await apiSessions(playwright.request, baseURL!, [GLOBE_AGENT])) as [Session];
  try {
    const sharePath = await freshSharePath(request, gal, GLOBE_AGENT);
    // A traveller's browser: no session, no stored credentials.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(sharePath);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violationsOn(page, 'share', false)).toEqual([]);
    await context.close();
  } finally {
    await gal.dispose();
  }
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AGENT, MANAGER, SUPER, signInBySms, type DemoUser } from './sign-in-support';

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

/** The serious and critical violations on the page as it is now, at both widths. */
async function violationsOn(page: Page, name: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The header changes form a render after the resize; let layout and fonts settle.
    await page.waitForTimeout(500);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // The design preview is a sandboxed frame where no script runs, axe's neither.
      .exclude('iframe')
      .options({ iframes: false })
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
    found.push(...(await violationsOn(page, path)));
  }
  return found;
}

test('should have no serious or critical violation on the sign-in pages', async ({ page }) => {
  const found: Found[] = [];
  for (const path of ['/login', '/login-test']) {
    await page.goto(`/smtapp${path}`);
    await expect(page.getByRole('button', { name: 'SMS' })).toBeVisible();
    found.push(...(await violationsOn(page, path)));
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

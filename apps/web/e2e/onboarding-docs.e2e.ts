import { expect, test, type Page } from '@playwright/test';
import {
  AGENT,
  OPERATOR,
  demoUser,
  shoot,
  signInBySms,
  signInAt,
  signInQuickly,
} from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// A brand-new person signs in, adds their agency and runs it (SPEC §4, docs/decisions/018);
// the documents, help and support pages over the real server.

test.describe.configure({ mode: 'serial' });

const NEWCOMER = demoUser('dana@sunrise-trips.test', '500000951');
const AGENCY = 'Sunrise Trips';
const BRANCH = { name: 'Sunrise Haifa', pcc: 'SRH1' };

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** The elements reaching past the screen's right edge (named, so a failure says what does). */
/** Nothing past a phone's edge, then both screenshots; back to a large screen after. */
async function checkAndShoot(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  // Polled: the header swaps to its compact form a render after the resize.
  await expectNothingPastTheEdge(page);
  await shoot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('should take a brand-new person from sign-in to their agency and its first branch', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBySms(page, request, NEWCOMER);

  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency\/add-agency$/);
  await expect(page.getByText('Welcome to SMT')).toBeVisible();
  await expect(heading(page, 'Add agency')).toBeVisible();
  await checkAndShoot(page, 'onboarding-add-agency');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(AGENCY);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Their agency, and only theirs, with the manager's navigation.
  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency$/);
  await expect(heading(page, 'Agencies')).toBeVisible();
  await expect(page.getByRole('cell', { name: AGENCY, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Demo Travel', exact: true })).toHaveCount(0);
  await checkAndShoot(page, 'onboarding-agency');

  await page.getByRole('button', { name: 'Admin settings' }).click();
  await page.getByRole('link', { name: 'Branches' }).click();
  await expect(heading(page, 'Branches')).toBeVisible();
  await page.getByRole('link', { name: 'Add branch' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(BRANCH.name);
  await page.getByRole('textbox', { name: 'PCC', exact: true }).fill(BRANCH.pcc);
  const agency = page.getByRole('combobox', { name: 'Agency', exact: true });
  await expect(agency.locator('option', { hasText: AGENCY })).toHaveCount(1);
  await expect(agency.locator('option', { hasText: 'Demo Travel' })).toHaveCount(0);
  await agency.selectOption({ label: AGENCY });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(heading(page, 'Branches')).toBeVisible();
  await expect(page.getByRole('cell', { name: BRANCH.pcc, exact: true })).toBeVisible();

  // The next visit starts from home, as an agency manager's does.
  await page.goto('/smtapp/');
  await expect(page).toHaveURL(/\/smtapp\/home$/);
});

test('should land an operator on the agency page, which says why it is empty and where to go', async ({
  page,
  request,
}) => {
  await signInBySms(page, request, OPERATOR);
  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency$/);
  await expect(heading(page, 'Agencies')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No agencies to show' })).toBeVisible();
  const whereToGo = page.getByRole('navigation', { name: 'Where to go' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(whereToGo.getByRole('link', { name: 'Documents' })).toBeVisible();
    await expectNothingPastTheEdge(page);
  }
  await shoot(page, 'operator-landing');
  await whereToGo.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/smtapp\/documents$/);
  await expect(heading(page, 'Documents')).toBeVisible();
});

test('should show the documents as cards whose links open', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, AGENT);
  await expect(page).toHaveURL(/\/smtapp\/home$/);

  // The header's training-materials link leads here.
  await page.getByRole('link', { name: 'Training materials' }).click();
  await expect(heading(page, 'Documents')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Documents' }).getByRole('link');
  await expect(cards).toHaveCount(3);
  await checkAndShoot(page, 'documents');

  for (const [name, title, file] of [
    ['Getting started: onboarding guide', 'Getting started with SMT', 'onboarding'],
    ['User guide', 'SMT user guide', 'user-guide'],
  ] as const) {
    const opened = page.waitForEvent('popup');
    await cards.filter({ hasText: name }).click();
    const guide = await opened;
    await expect(guide).toHaveURL(new RegExp(`/smtapp/guides/${file}\\.html$`));
    await expect(guide.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await checkAndShoot(guide, `documents-guide-${file}`);
    await guide.close();
  }

  // Each card's text is its name and where it goes, never a raw address; an app page's link
  // carries the base path, so opening it in a new tab works too.
  for (const text of await cards.allTextContents()) expect(text).not.toMatch(/\/|https?:/);
  await expect(cards.filter({ hasText: 'Contact us' })).toHaveAttribute('href', '/smtapp/support');

  // Contact us opens the support page in the app, by keyboard too.
  await cards.filter({ hasText: 'Contact us' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/smtapp\/support$/);
  await expect(heading(page, 'Support')).toBeVisible();
});

test('should explain the product on help and give the contacts on support', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, AGENT, '/smtapp/help');
  await expect(heading(page, 'Help')).toBeVisible();
  const groups = page.getByRole('region', { name: 'Notification groups' });
  await expect(groups.getByRole('term')).toHaveText([
    'Reprice',
    'ADMs',
    'Ticketing Due',
    'Reschedule',
    'Waitlist',
  ]);
  await expect(
    page.getByRole('region', { name: 'What each action does' }).getByRole('term'),
  ).toHaveCount(6);
  await checkAndShoot(page, 'help');

  await page.getByRole('link', { name: 'Contact support' }).click();
  await expect(heading(page, 'Support')).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@smt.travel' })).toHaveAttribute(
    'href',
    'mailto:support@smt.travel',
  );
  await expect(page.getByRole('region', { name: 'Phone' }).getByRole('link')).toHaveCount(2);
  await expect(page.getByRole('link', { name: /Send feedback/ })).toHaveAttribute(
    'href',
    'https://smt.travel/feedback',
  );
  await checkAndShoot(page, 'support');

  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await expect(heading(page, 'Documents')).toBeVisible();
});

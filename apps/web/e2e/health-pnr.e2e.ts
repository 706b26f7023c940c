import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SUPER, shoot, signInQuickly } from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// The super user's tools (SPEC §2.11) over the real server and its engine: Add PNR makes a
// booking in the simulated GDS for Adam Agent, PNR info shows it with the engine's checks
// and what each detector decided, and Health shows the engine's figures and the CSV.

test.describe.configure({ mode: 'serial' });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** The elements reaching past the screen's right edge (named, so a failure says what does). */
async function expectFitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  // Tab indicators move to the new width a frame after the resize.
  await expectNothingPastTheEdge(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

let pnrNumber = '';

test.beforeEach(async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, SUPER);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
});

test("should create a PNR for Adam Agent's branch and agent and link to its info", async ({
  page,
}) => {
  await page.goto('/smtapp/management/tools/create-pnr');
  await expect(heading(page, 'Add PNR')).toBeVisible();
  const select = (name: string) => page.getByRole('combobox', { name, exact: true });
  await select('Agency').selectOption({ label: 'Demo Travel' });
  await select('Branch').selectOption({ label: 'TLV1 – Tel Aviv' });
  await select('Agent').selectOption({ label: 'AA – Adam Agent' });
  await select('Type').selectOption('OTA');
  await page.getByRole('spinbutton', { name: 'Ticketing due in (hours)' }).fill('20');
  await page.getByRole('textbox', { name: 'First name' }).fill('Noa');
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  await lastName.fill('P');
  await lastName.blur();
  await expect(page.getByText('Should be 2 to 30 letters')).toBeVisible();
  await lastName.fill('Peretz');
  await expect(page.getByText('Should be 2 to 30 letters')).toBeHidden();
  await expectFitsAPhone(page);
  await shoot(page, 'create-pnr');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sent from the keyboard, as a form is.
  await page.getByRole('textbox', { name: 'Flight number' }).press('Enter');
  const created = page.getByRole('alert').filter({ hasText: /^PNR [A-Z0-9]+ created/ });
  await expect(created).toBeVisible();
  pnrNumber = /^PNR ([A-Z0-9]+) created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(pnrNumber).toMatch(/^[A-Z0-9]{6,10}$/);
  await shoot(page, 'create-pnr-done');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Open PNR info' }).click();
  await expect(page).toHaveURL(new RegExp(`/management/tools/pnrInfo\\?pnrNumber=${pnrNumber}$`));
  await expect(page.getByRole('heading', { name: `Booking ${pnrNumber}` })).toBeVisible();
});

test("should show the new PNR's snapshot, the engine's checks with each decision and its notification", async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(pnrNumber).not.toBe('');
  // The engine takes a booking due now within seconds, behind the demo world's own checks.
  const history = page.getByRole('region', { name: 'Check history' });
  await expect(async () => {
    await page.goto(`/smtapp/management/tools/pnrInfo?pnrNumber=${pnrNumber}`);
    await expect(history.getByRole('button', { name: /Checked/ }).first()).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 100_000 });

  const summary = page.getByRole('region', { name: `Booking ${pnrNumber}` });
  await expect(summary.getByText('Adam Agent')).toBeVisible();
  await expect(summary.getByText('OTA')).toBeVisible();
  const snapshot = page.getByRole('region', { name: 'Snapshot' });
  await expect(snapshot.getByText('PERETZ').first()).toBeVisible();
  await expect(snapshot.getByText('TLV').first()).toBeVisible();

  // Other detectors may raise on it too (an overlapping trip of the same traveller made by
  // another journey): the ticketing decision is found by its words, not by its place.
  const decisions = history.getByRole('definition').filter({ hasText: 'Raised' });
  await expect(decisions.filter({ hasText: 'Issue tickets by' }).first()).toBeVisible();
  await expect(
    history.getByRole('term').filter({ hasText: 'Ticketing due' }).first(),
  ).toBeVisible();
  await expect(
    history.getByText('no segment still to leave is HX, NO or UC').first(),
  ).toBeVisible();

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const link = notifications.getByRole('link', { name: /^Ticketing due: Issue tickets by/ });
  await expect(link).toHaveAttribute('href', /\/smtapp\/notifications\/\d+$/);

  await expectFitsAPhone(page);
  await shoot(page, 'pnr-info');
  await page.setViewportSize({ width: 1280, height: 800 });

  const search = page.getByRole('textbox', { name: 'PNR number' });
  await search.fill('AB1');
  await search.press('Enter');
  await expect(
    page.getByText('Should be alphanumeric value from 6 to 10 characters'),
  ).toBeVisible();
  await search.fill('zzz9999');
  await search.press('Enter');
  await expect(page).toHaveURL(/pnrNumber=ZZZ9999$/);
  await expect(page.getByRole('alert').filter({ hasText: 'PNR not found' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: `Booking ${pnrNumber}` })).toBeVisible();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /^Ticketing due: / })
    .click();
  await expect(page).toHaveURL(/\/smtapp\/notifications\/\d+$/);
});

test("should show the engine's figures and download the agent subscriptions CSV", async ({
  page,
}) => {
  await page.goto('/smtapp/management/tools/health');
  await expect(heading(page, 'Health')).toBeVisible();
  const monitored = page.getByLabel(/^Bookings monitored: \d+$/);
  await expect(monitored).toBeVisible();
  const count = Number((await monitored.getAttribute('aria-label'))?.split(': ')[1]);
  expect(count).toBeGreaterThan(0);
  await expect(page.getByLabel(/^Checks in the last minute: \d+$/)).toBeVisible();
  // Bookings are checked on a cadence: once the engine has looked at them, most are current
  // though few were checked in the last minute (it read '0 of 152' when it counted those).
  const upToDate = page.getByLabel(/^Up to date with the GDS: \d+ of \d+$/);
  await expect(upToDate).toBeVisible();
  await expect
    .poll(async () =>
      Number(/: (\d+) of/.exec((await upToDate.getAttribute('aria-label')) ?? '')?.[1]),
    )
    .toBeGreaterThan(0);
  await expect(
    page.getByText(
      'Checked on their schedule, none overdue by more than a minute. Bookings are checked more often as departure nears, not every minute.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel(/^Queue depth: \d+$/)).toBeVisible();
  await expect(page.getByLabel(/^Sent: \d+$/)).toBeVisible();
  await expect(page.getByLabel(/^Sending: \d+$/)).toBeVisible();
  await expect(page.getByLabel(/^Sent in the last minute: \d+$/)).toBeVisible();
  await expect(
    page.getByText(/^Updated \d{2}:\d{2}:\d{2}, refreshed every 5 seconds$/),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agent-subscriptions-.*\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text).toContain('Adam Agent');

  await expectFitsAPhone(page);
  await shoot(page, 'health');
});

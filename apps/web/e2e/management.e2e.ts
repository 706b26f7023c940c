import { expect, test, type Page } from '@playwright/test';
import { MANAGER, SCREENSHOT_DIR, SUPER, demoUser, shoot, signInAt } from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// The management lists (SPEC §2.11) over the real server: a super user adds an agency, a
// branch in it, an agent in that branch and a user at that agent, edits and disables each, and
// deletes them again, last made first; a manager adds a user of their agency, who then signs in.

test.describe.configure({ mode: 'serial' });

const AGENCY = 'Horizon Trips';
const BRANCH = { name: 'Horizon Eilat', pcc: 'ETH9' };
const AGENT = { name: 'Efrat Tal', initials: 'ET' };
const USER = { name: 'Efrat Tal', email: 'efrat@horizon.test', phoneNumber: '500000141' };

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const snack = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Searches a list by name and waits for the row of `name` to be there, or gone. */
async function findRow(page: Page, label: string, name: string) {
  const search = page.getByLabel(label);
  await search.fill(name);
  await search.press('Enter');
}

/**
 * At 375 px a list's header buttons go under its title (issue 38): they must start where the
 * title starts, not a spacing further in.
 */
async function expectHeaderButtonsUnderTitle(page: Page, title: string, firstButton: string) {
  const button = page.getByRole('main').getByRole('button', { name: firstButton });
  // A box is read as it is now: the header's buttons may still be on their way.
  await expect(heading(page, title)).toBeVisible();
  await expect(button).toBeVisible();
  const titleBox = await heading(page, title).boundingBox();
  const buttonBox = await button.boundingBox();
  expect(titleBox).not.toBeNull();
  expect(buttonBox).not.toBeNull();
  expect(buttonBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height);
  expect(buttonBox!.x).toBe(titleBox!.x);
}

/** The elements reaching past the screen's right edge (named, so a failure says what does). */
async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function editName(page: Page, name: string, renamed: string) {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
}

async function disable(page: Page, name: string) {
  const toggle = page.getByRole('switch', { name: `Enabled: ${name}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(snack(page, `${name} disabled`)).toBeVisible();
}

async function remove(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const ask = page.getByRole('dialog', { name: `Delete ${name}?` });
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
}

test('should add, edit, disable and delete an agency, a branch, an agent and a user', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Added, top down.
  await signInAt(page, request, SUPER, '/smtapp/management/tools/agency/add-agency');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(AGENCY);
  await submit(page);
  await expect(heading(page, 'Agencies')).toBeVisible();
  await findRow(page, 'Search by name', AGENCY);
  await expect(page.getByRole('cell', { name: AGENCY, exact: true })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: AGENCY, exact: true })).toBeVisible();
  await expectNothingPastTheEdge(page);
  await shoot(page, 'management-agencies');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/smtapp/management/tools/branches/add-branch');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(BRANCH.name);
  await page.getByRole('textbox', { name: 'PCC', exact: true }).fill(BRANCH.pcc.toLowerCase());
  await page.getByRole('combobox', { name: 'Agency', exact: true }).selectOption({ label: AGENCY });
  await submit(page);
  await expect(heading(page, 'Branches')).toBeVisible();
  await findRow(page, 'Search by name or PCC', BRANCH.pcc);
  // The PCC is kept upper-cased, as the GDS knows it.
  await expect(page.getByRole('cell', { name: BRANCH.pcc, exact: true })).toBeVisible();

  // Every demo agent has a user: the hire's agent is made first.
  await page.goto('/smtapp/management/tools/agents/add-agent');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(AGENT.name);
  await page.getByRole('textbox', { name: 'Initials', exact: true }).fill(AGENT.initials);
  await page
    .getByRole('combobox', { name: 'Branch', exact: true })
    .selectOption({ label: `${BRANCH.pcc} – ${BRANCH.name}` });
  await submit(page);
  await expect(heading(page, 'Agents')).toBeVisible();
  await findRow(page, 'Search by name or initials', AGENT.name);
  await expect(page.getByRole('cell', { name: AGENT.name, exact: true })).toBeVisible();

  await page.goto('/smtapp/management/tools/add-user');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(USER.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(USER.email);
  await page
    .getByRole('textbox', { name: 'Device number', exact: true })
    .fill(`+972${USER.phoneNumber}`);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Agent' });
  await page.getByRole('combobox', { name: 'Agency', exact: true }).selectOption({ label: AGENCY });
  await page
    .getByRole('combobox', { name: 'Branch', exact: true })
    .selectOption({ label: `${BRANCH.pcc} – ${BRANCH.name}` });
  await page
    .getByRole('combobox', { name: 'Agent', exact: true })
    .selectOption({ label: `${AGENT.initials} – ${AGENT.name}` });
  await submit(page);
  await expect(heading(page, 'Users')).toBeVisible();
  await findRow(page, 'Email', USER.email);
  await expect(page.getByRole('cell', { name: USER.email, exact: true })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: USER.name, exact: true })).toBeVisible();
  await expectNothingPastTheEdge(page);
  await shoot(page, 'management-users');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Each user sits somewhere the list names: the agency and the branch's PCC.
  const row = page.getByRole('row').filter({ hasText: USER.email });
  await expect(row.getByRole('cell', { name: AGENCY, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: BRANCH.pcc, exact: true })).toBeVisible();

  // At 375 the header's buttons wrap under the title and start where it starts (issue 38).
  await page.setViewportSize({ width: 375, height: 800 });
  await expectHeaderButtonsUnderTitle(page, 'Users', 'Download CSV');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nobody deletes or switches off their own account: the super user's own row offers neither,
  // and each control says why.
  await findRow(page, 'Email', 'super@demo.test');
  await expect(page.getByRole('cell', { name: 'super@demo.test', exact: true })).toBeVisible();
  const why = 'You cannot disable, deactivate or delete your own account.';
  for (const control of [
    page.getByRole('button', { name: 'Delete Super User' }),
    page.getByRole('switch', { name: 'Enabled: Super User' }),
    page.getByRole('switch', { name: 'Activated: Super User' }),
  ]) {
    await expect(control).toBeDisabled();
    await expect(control).toHaveAttribute('aria-description', why);
  }
  // Disabled, the switch takes no pointer: its wrapper shows the tooltip.
  await page.getByRole('switch', { name: 'Enabled: Super User' }).hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(why);
  await page.screenshot({ path: `${SCREENSHOT_DIR}management-users-own-row-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('switch', { name: 'Enabled: Super User' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOT_DIR}management-users-own-row-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await findRow(page, 'Email', USER.email);

  // Edited and disabled, then deleted bottom up (a row still in use cannot go).
  await editName(page, USER.name, 'Efrat T.');
  await disable(page, 'Efrat T.');
  await remove(page, 'Efrat T.');

  await page.goto('/smtapp/management/tools/agents');
  await findRow(page, 'Search by name or initials', AGENT.name);
  await editName(page, AGENT.name, 'Efrat Tal-Or');
  await disable(page, 'Efrat Tal-Or');
  await remove(page, 'Efrat Tal-Or');

  await page.goto('/smtapp/management/tools/branches');
  await findRow(page, 'Search by name or PCC', BRANCH.pcc);
  await editName(page, BRANCH.name, 'Horizon Eilat Port');
  await disable(page, 'Horizon Eilat Port');
  await remove(page, 'Horizon Eilat Port');

  await page.goto('/smtapp/management/tools/agency');
  await findRow(page, 'Search by name', AGENCY);
  await editName(page, AGENCY, 'Horizon Trips Ltd');
  await disable(page, 'Horizon Trips Ltd');
  await remove(page, 'Horizon Trips Ltd');

  // The processes list's header likewise.
  await page.goto('/smtapp/management/tools/process-settings');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(heading(page, 'Processes')).toBeVisible();
  await expectHeaderButtonsUnderTitle(page, 'Processes', 'Download CSV');
  await shoot(page, 'management-processes');
});

test('should let a manager add a user of their agency, who signs in as that agent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const hire = demoUser('noa@demo.test', '500000142');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, MANAGER, '/smtapp/management/tools/agents/add-agent');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Noa Levi');
  await page.getByRole('textbox', { name: 'Initials', exact: true }).fill('NL');
  await page
    .getByRole('combobox', { name: 'Branch', exact: true })
    .selectOption({ label: 'JRS1 – Jerusalem' });
  await submit(page);
  await expect(heading(page, 'Agents')).toBeVisible();
  await page.goto('/smtapp/management/tools/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  // A manager may not make super users or operators.
  await expect(
    dialog
      .getByRole('combobox', { name: 'Role', exact: true })
      .locator('option', { hasText: 'Super user' }),
  ).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Noa Levi');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(hire.email);
  await dialog.getByRole('textbox', { name: 'Device number', exact: true }).fill(hire.e164);
  await dialog
    .getByRole('combobox', { name: 'Role', exact: true })
    .selectOption({ label: 'Agent' });
  await dialog
    .getByRole('combobox', { name: 'Agency', exact: true })
    .selectOption({ label: 'Demo Travel' });
  // An agent user books as one agent: the field says it is required before anyone submits.
  const agentField = dialog.getByRole('combobox', { name: 'Agent', exact: true });
  await expect(agentField).toHaveAttribute('required', '');
  await dialog
    .getByRole('combobox', { name: 'Branch', exact: true })
    .selectOption({ label: 'JRS1 – Jerusalem' });
  // Only agents without a user are offered: Ben Branch has one (issue 38).
  await expect(agentField.locator('option', { hasText: 'NL – Noa Levi' })).toHaveCount(1);
  await expect(agentField.locator('option', { hasText: 'Ben Branch' })).toHaveCount(0);
  await shoot(page, 'management-add-user-free-agents');
  await page.setViewportSize({ width: 1280, height: 800 });
  await agentField.selectOption({ label: 'NL – Noa Levi' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: hire.email, exact: true })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  // An agent: My PNRs is theirs, the dashboard is not.
  await signInAt(page, request, hire, '/smtapp/my-pnrs');
  await expect(heading(page, 'My PNRs')).toBeVisible();
});

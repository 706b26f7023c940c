import { expect, test, type Page, type Request } from '@playwright/test';
import { startPushService, usePushServiceOnLoopback } from './push-service';
import {
  AGENT,
  MANAGER,
  OPERATOR,
  SCREENSHOT_DIR,
  shoot,
  signInBySms,
  signInAt,
  signInQuickly,
} from './sign-in-support';
import { expectNothingPastTheEdge } from './layout-support';

// The notification-types settings (SPEC §2.8, §4) and the settings page over the real server:
// a manager edits the table and the save sends exactly the differences; an agent turns push
// on for this browser and chooses one of their own channels where every subscription is
// chosen; an operator is offered nothing to add. Each test puts back what it
// changed, so the demo's push subscriptions stay as the other journeys expect them.

test.describe.configure({ mode: 'serial' });

const SUBSCRIPTIONS = '/api/xapi/user/subscriptions';
const PROCESSES = ['ADM', 'C', 'HL', 'RP', 'SC', 'TD'];

// A snack stays 6 s, so an earlier one may still be there beside the newest.
const snack = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();
const tick = (page: Page, row: string, process: string, media: 'EMAIL' | 'PUSH') =>
  page.getByRole('checkbox', { name: `${row}: ${process} by ${media}` });

type Item = { process: string; branchId?: number; agentId?: number; media: string; action: string };
const sorted = (items: Item[]) =>
  [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The elements reaching past the screen's right edge (named, so a failure says what does). */
const isSave = (request: Request) =>
  request.method() === 'PUT' && new URL(request.url()).pathname === SUBSCRIPTIONS;
const isReload = (response: { request: () => Request; url: () => string }) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === SUBSCRIPTIONS;

/** Submits, and answers the body sent once the table has been read again. */
async function submit(page: Page): Promise<Item[]> {
  const saved = page.waitForRequest(isSave);
  const reloaded = page.waitForResponse(isReload);
  await page.getByRole('button', { name: 'Submit' }).click();
  const body = (await saved).postDataJSON() as Item[];
  await reloaded;
  await expect(snack(page, 'Settings succesfully saved')).toBeVisible();
  return body;
}

const PROCESS_LABELS = [
  'Reprice',
  'Reschedule',
  'Segment removal',
  'Churning',
  'Ticketing due',
  'Waitlist (class available)',
] as const;

async function addRow(
  page: Page,
  level: 'Agent' | 'Branch',
  branch: string,
  agent?: string,
  media: 'Email' | 'Push' = 'Email',
) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add subscription' });
  await dialog.getByRole('radio', { name: level }).check();
  await dialog.getByRole('radio', { name: media }).check();
  await dialog.getByRole('combobox', { name: 'Branch' }).selectOption({ label: branch });
  if (agent) {
    const agents = dialog.getByRole('combobox', { name: 'Agent' });
    await expect(agents.getByRole('option', { name: agent })).toBeAttached();
    await agents.selectOption({ label: agent });
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  return dialog;
}

test('should save exactly the differences of a removed, a new and a changed row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, request, MANAGER, '/smtapp/notificationsSettings');
  await expect(page.getByRole('heading', { name: 'Notification types', level: 1 })).toBeVisible();
  const telAviv = 'Tel Aviv (TLV1)';
  const jerusalem = 'Jerusalem (JRS1)';
  await expect(tick(page, telAviv, 'Reprice', 'PUSH')).toBeChecked();
  await expect(tick(page, jerusalem, 'Reprice', 'PUSH')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  // A row the table has already is refused.
  const dialog = await addRow(page, 'Branch', telAviv);
  await expect(dialog.getByRole('alert')).toHaveText('This table is already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Removed, changed and new.
  await page.getByRole('button', { name: `Remove ${jerusalem}` }).click();
  await tick(page, telAviv, 'Reprice', 'EMAIL').check();
  await tick(page, telAviv, 'Waitlist (class available)', 'PUSH').uncheck();
  // A new row starts ticked by the medium picked for every process; all but one unticked here.
  await expect(await addRow(page, 'Agent', telAviv, 'Adam Agent (AA)', 'Email')).toBeHidden();
  for (const label of PROCESS_LABELS) {
    await expect(tick(page, 'Adam Agent (AA)', label, 'EMAIL')).toBeChecked();
    await expect(tick(page, 'Adam Agent (AA)', label, 'PUSH')).not.toBeChecked();
    if (label !== 'Reschedule') await tick(page, 'Adam Agent (AA)', label, 'EMAIL').uncheck();
  }
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await shoot(page, 'notification-types-edited');
  await page.setViewportSize({ width: 1280, height: 800 });

  const body = await submit(page);
  const jerusalemId = body.find((item) => item.process === 'TD')?.branchId;
  const telAvivId = body.find((item) => item.action === 'ENABLE' && item.branchId)?.branchId;
  const adamId = body.find((item) => item.agentId !== undefined)?.agentId;
  expect(sorted(body)).toEqual(
    sorted([
      ...PROCESSES.map((process) => ({
        process,
        branchId: jerusalemId,
        media: 'PUSH',
        action: 'DISABLE',
      })),
      { process: 'RP', branchId: telAvivId, media: 'EMAIL', action: 'ENABLE' },
      { process: 'HL', branchId: telAvivId, media: 'PUSH', action: 'DISABLE' },
      { process: 'SC', agentId: adamId, media: 'EMAIL', action: 'ENABLE' },
    ]),
  );
  expect(jerusalemId).not.toBe(telAvivId);

  // The table read again shows what the server keeps, and so does a fresh load.
  for (const load of ['reloaded', 'fresh']) {
    if (load === 'fresh') await page.reload();
    await expect(tick(page, 'Adam Agent (AA)', 'Reschedule', 'EMAIL')).toBeChecked();
    await expect(tick(page, telAviv, 'Reprice', 'EMAIL')).toBeChecked();
    await expect(tick(page, telAviv, 'Waitlist (class available)', 'PUSH')).not.toBeChecked();
    await expect(page.getByRole('button', { name: `Remove ${jerusalem}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  }
  await shoot(page, 'notification-types');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNothingPastTheEdge(page);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add subscription' })).toBeVisible();
  // The dialog fades in; the picture is of it shown.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SCREENSHOT_DIR}notification-types-add-375.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Put back the demo's subscriptions: Jerusalem as a new branch row, every process by push.
  await addRow(page, 'Branch', jerusalem, undefined, 'Push');
  for (const label of PROCESS_LABELS) {
    await expect(tick(page, jerusalem, label, 'PUSH')).toBeChecked();
  }
  await tick(page, telAviv, 'Reprice', 'EMAIL').uncheck();
  await tick(page, telAviv, 'Waitlist (class available)', 'PUSH').check();
  await page.getByRole('button', { name: 'Remove Adam Agent (AA)' }).click();
  const restored = await submit(page);
  expect(restored).toHaveLength(PROCESSES.length + 3);
  await expect(tick(page, jerusalem, 'Churning', 'PUSH')).toBeChecked();
});

test("should show and change push on this browser, and choose the agent's own channels on Notification types", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const push = await startPushService();
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(usePushServiceOnLoopback, {
    endpoint: push.endpoint,
    keys: push.keys,
  });
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInQuickly(page, request, AGENT, { path: '/smtapp/settings' });
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const pushSection = page.getByRole('region', { name: 'Push notifications on this browser' });
    await expect(pushSection.getByRole('status')).toHaveText(
      'This browser does not receive push notifications.',
    );
    await pushSection.getByRole('button', { name: 'Turn on' }).click();
    await expect(pushSection.getByRole('status')).toHaveText(
      'This browser receives push notifications.',
    );

    // One place for the agent's own channels (decision 075): settings only points there.
    const yours = page.getByRole('region', { name: 'Your notifications' });
    await expect(yours).toContainText('is chosen on the Notification types page');
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await shoot(page, 'settings');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNothingPastTheEdge(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Put back before leaving: push off for this browser.
    await pushSection.getByRole('button', { name: 'Turn off' }).click();
    await expect(pushSection.getByRole('status')).toHaveText(
      'This browser does not receive push notifications.',
    );

    await yours.getByRole('link', { name: 'Notification types' }).click();
    await expect(page).toHaveURL(/\/smtapp\/notificationsSettings$/);
    const own = 'Adam Agent (AA)';
    await expect(await addRow(page, 'Agent', 'Tel Aviv (TLV1)', own, 'Email')).toBeHidden();
    for (const label of PROCESS_LABELS) {
      if (label !== 'Churning') await tick(page, own, label, 'EMAIL').uncheck();
    }
    const body = await submit(page);
    expect(body).toEqual([
      { process: 'ADM', agentId: expect.any(Number), media: 'EMAIL', action: 'ENABLE' },
    ]);
    await page.reload();
    await expect(tick(page, own, 'Churning', 'EMAIL')).toBeChecked();
    await expect(tick(page, own, 'Reprice', 'EMAIL')).not.toBeChecked();
    await shoot(page, 'notification-types-agent');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Put back: the agent's row gone.
    await page.getByRole('button', { name: `Remove ${own}` }).click();
    expect(await submit(page)).toEqual([
      { process: 'ADM', agentId: body[0]?.agentId, media: 'EMAIL', action: 'DISABLE' },
    ]);
  } finally {
    await context.close();
    await push.close();
  }
});

test('should invite an operator, whose role has no branch, to add nothing', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBySms(page, request, OPERATOR);
  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency$/);
  await page.goto('/smtapp/notificationsSettings');
  await expect(page.getByRole('heading', { name: 'Notification types', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('No subscriptions to show');
  await expect(page.getByRole('status')).toContainText(
    'Your role has no branch or agent whose notifications you choose.',
  );
  await expect(page.getByText(/Add a branch or an agent/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await shoot(page, 'notification-types-operator');
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import { AGENT, SCREENSHOT_DIR, SUPER, signInQuickly } from './sign-in-support';

// Issue 38: the segment an ADM asks to remove is shown among the booking's flights, marked and
// highlighted, and Approve removes it only after a question naming it.

type Item = { notification_id: number; pnr: string; type: string; subtype: string };
type Flight = {
  airline: string;
  flight_number: string;
  from: string;
  to: string;
  departure: string;
  status: string;
  alerted?: boolean;
};
type Held = {
  segments: { airline: string; flightNumber: string; status: string; departure: string }[];
};

test.describe.configure({ mode: 'serial' });

let sessions: { super: Session; adam: Session };

const details = (page: Page) => page.getByRole('dialog', { name: 'Notification details' });
const shownTime = (local: string) =>
  `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;

async function pendingRemovals(request: APIRequestContext): Promise<Item[]> {
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await sessions.adam.headers(),
    form: { fetchType: 'personal', group: 'ADM', subtype: 'Pending', chunk: '9999' },
  });
  expect(answer.status()).toBe(200);
  const { notifications } = (await answer.json()) as { notifications: Item[] };
  return notifications.filter((item) => item.type === 'SegmentRemoval');
}

async function flightsOf(request: APIRequestContext, id: number): Promise<Flight[]> {
  const answer = await request.post('/api/getNotificationData', {
    headers: await sessions.adam.headers(),
    form: { notification_id: String(id) },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { flights: Flight[] } }).data.flights;
}

async function gdsSegments(request: APIRequestContext, pnr: string) {
  const answer = await request.get(`/api/dev/gds/bookings/${pnr}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Held).segments;
}

/** The details of the notification at the page's width, on its Flights tab. */
async function openDetails(page: Page, id: number) {
  await page.goto(`/smtapp/notifications/${id}`);
  await expect(details(page).getByRole('tab', { name: /^Flights/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  const [superUser, adam] = await apiSessions(playwright.request, baseURL!, [SUPER, AGENT]);
  sessions = { super: superUser!, adam: adam! };
  const request = await playwright.request.newContext({ baseURL });
  await raiseDemoNotifications(request, sessions.super, sessions.adam, ['ADM']);
  await expect.poll(async () => (await pendingRemovals(request)).length).toBeGreaterThan(0);
  await request.dispose();
});

test.afterAll(async () => {
  for (const session of Object.values(sessions)) await session.dispose();
});

test('should show the segment an ADM names highlighted and remove it only after a question naming it', async ({
  page,
  request,
}) => {
  const [removal] = await pendingRemovals(request);
  const flights = await flightsOf(request, removal!.notification_id);
  const named = flights.filter((flight) => flight.alerted);
  // The booking's other flights are shown beside it, the named one marked among them.
  expect(named).toHaveLength(1);
  expect(flights.length).toBeGreaterThan(1);
  const segment = named[0]!;
  const number = `${segment.airline} ${segment.flight_number}`;
  const line = `${segment.airline}${segment.flight_number} ${segment.from}-${segment.to} on ${shownTime(segment.departure)}, status ${segment.status}`;
  const isIt = (held: Held['segments'][number]) =>
    `${held.airline}${held.flightNumber}` === `${segment.airline}${segment.flight_number}` &&
    held.departure === segment.departure;
  const before = await gdsSegments(request, removal!.pnr);
  expect(before.filter(isIt).map((held) => held.status)).toEqual([segment.status]);

  await signInQuickly(page, request, AGENT);
  await expect(page).toHaveURL(/\/smtapp\/home$/);

  // Each width on its own: below 'sm' the details are another frame, and a question open
  // across the change would close.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openDetails(page, removal!.notification_id);
    const panel = details(page);
    await expect(panel.getByRole('tab', { name: `Flights (${flights.length})` })).toBeVisible();
    const row = panel
      .getByRole('list', { name: 'Flights' })
      .getByRole('listitem')
      .filter({ hasText: 'Named in this alert' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(number);
    await expect(row).toContainText(shownTime(segment.departure));
    // Not HK, so a chip (SPEC §2.5), not plain text.
    await expect(row.locator('.MuiChip-root', { hasText: segment.status })).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}adm-segment-details-${width}.png` });

    await panel.getByRole('button', { name: 'Approve: remove segment' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove segment?' });
    await expect(ask).toContainText(line);
    // The question fades in: the picture is of it once it is there.
    await ask.evaluate((dialog) =>
      Promise.all(dialog.getAnimations({ subtree: true }).map((shown) => shown.finished)),
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}adm-segment-confirm-${width}.png` });
    if (width === 375) {
      // Cancel changes nothing: the segment is still held, the notification still pending.
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(panel.getByRole('button', { name: 'Approve: remove segment' })).toBeEnabled();
      expect(await gdsSegments(request, removal!.pnr)).toEqual(before);
      continue;
    }
    // From the keyboard: the question's own button is focused, and Enter removes.
    await expect(ask.getByRole('button', { name: 'Remove segment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(panel).toContainText('Segments removed');
    await expect(panel.getByRole('button', { name: 'Approve: remove segment' })).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOT_DIR}adm-segment-removed-${width}.png` });
  }

  const after = await gdsSegments(request, removal!.pnr);
  expect(after.filter(isIt)).toEqual([]);
  expect(after).toHaveLength(before.length - 1);
  const pending = await pendingRemovals(request);
  expect(pending.map((item) => item.notification_id)).not.toContain(removal!.notification_id);
});

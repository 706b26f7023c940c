import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import { AGENT, SCREENSHOT_DIR, SUPER, signInQuickly } from './sign-in-support';

// New notifications reach an open page over the live stream (GET /api/live, decision 045);
// the 15-second poll of decision 010 only stands in while the stream is down. The page's clock
// is Playwright's, so a test can let the poll's 15 s pass in an instant and see it stay quiet.

/** NEW_NOTIFICATIONS_POLL_MS of the web app. */
const POLL_MS = 15_000;
/** A new notification shows this soon after it exists: well under one poll. */
const ARRIVES_WITHIN_MS = 8_000;
const COUNTERS_PATH = '/api/getUnreadNotificationsCountBySubtype';

test.describe.configure({ mode: 'serial' });

let superUser: Session;
let adam: Session;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  [superUser, adam] = (await apiSessions(playwright.request, baseURL!, [SUPER, AGENT])) as [
    Session,
    Session,
  ];
  // The engine has looked at the whole demo: nothing but the test's own booking is raised later.
  const request = await playwright.request.newContext({ baseURL });
  await raiseDemoNotifications(request, superUser, adam);
  await request.dispose();
});

test.afterAll(async () => {
  await superUser.dispose();
  await adam.dispose();
});

type Sent = { at: number; finished: boolean };

/** Every counters call the page sends, when it was sent and whether it has been answered. */
function watchCounters(page: Page): Sent[] {
  const sent: Sent[] = [];
  const byRequest = new Map<unknown, Sent>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith(COUNTERS_PATH)) return;
    const entry = { at: Date.now(), finished: false };
    sent.push(entry);
    byRequest.set(request, entry);
  });
  const finish = (request: unknown) => {
    const entry = byRequest.get(request);
    if (entry) entry.finished = true;
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return sent;
}

/** Waits until no counters call is under way and none has been sent for a second. */
async function countersSettle(sent: Sent[]) {
  await expect
    .poll(() => sent.every((entry) => entry.finished) && Date.now() - (sent.at(-1)?.at ?? 0))
    .toBeGreaterThan(1_000);
}

/**
 * Sends a request from the page and waits to see it: any request the page sent before, a poll
 * that a moved clock fired say, has been seen by then (the browser reports them in order).
 */
async function fence(page: Page) {
  const seen = page.waitForRequest((request) => request.url().endsWith('/api/health?fence'));
  await page.evaluate(() => fetch('/api/health?fence').then(() => undefined));
  await seen;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
const html = (page: Page) => page.locator('html');
const column = (page: Page, label: string) => page.getByRole('region', { name: label });
const cardOf = (page: Page, pnr: string) =>
  page.locator('article', { hasText: new RegExp(`PNR\\s+${pnr}`) }).first();

async function badgeCount(page: Page): Promise<number> {
  const name = await page.locator('header a[href="/smtapp/notifications"]').innerText();
  const shown = /(\d+)/.exec(name.replace('Notifications', ''));
  return shown ? Number(shown[1]) : 0;
}

async function openCentre(
  page: Page,
  request: APIRequestContext,
  options: { keepLoggedIn?: boolean } = {},
) {
  await signInQuickly(page, request, AGENT, options);
  await expect(page).toHaveURL(/\/smtapp\/home$/);
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(column(page, 'Ticketing Due').locator('article').first()).toBeVisible();
}

/** Asks the simulated GDS for a booking of Adam's due for ticketing; answers its locator. */
async function newTicketingDue(request: APIRequestContext): Promise<string> {
  const made = await request.post('/api/dev/gds/bookings', {
    data: { agentEmail: AGENT.email, ticketingDueInHours: 30 },
  });
  expect(made.status()).toBe(200);
  return ((await made.json()) as { locator: string }).locator;
}

/** Polls the API, as Adam, until the engine has raised a ticketing deadline on `pnr`. */
async function waitForRaised(request: APIRequestContext, pnr: string) {
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/v2/getNotificationList', {
          headers: await adam.headers(),
          form: { fetchType: 'personal', group: 'TICKETING_DUE', chunk: '9999' },
        });
        const { notifications } = (await answer.json()) as { notifications: { pnr: string }[] };
        return notifications.some((item) => item.pnr === pnr);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
}

test('should show a new notification in the open centre at once, without polling', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const counters = watchCounters(page);
  await openCentre(page, request);
  await expect(html(page)).toHaveAttribute('data-live', 'live');
  await countersSettle(counters);
  const before = await badgeCount(page);
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });

  // More than a poll's worth of the page's time passes in an instant: nothing is polled.
  const quietFrom = counters.length;
  await page.clock.runFor(POLL_MS + 1_000);
  await fence(page);
  expect(counters.length).toBe(quietFrom);

  const locator = await newTicketingDue(request);
  await waitForRaised(request, locator);

  // Told by the stream, the page fetches the lists and counters again within moments.
  await expect(cardOf(page, locator)).toBeVisible({ timeout: ARRIVES_WITHIN_MS });
  await expect(column(page, 'Ticketing Due').locator('article', { hasText: locator })).toHaveCount(
    1,
  );
  await expect.poll(() => badgeCount(page), { timeout: ARRIVES_WITHIN_MS }).toBeGreaterThan(before);

  // The counters came again only because the stream said so.
  expect(counters.length).toBeGreaterThan(quietFrom);
  await expect(html(page)).toHaveAttribute('data-live', 'live');
  expect(reloads).toEqual([]);

  // Wide, the new card heads its column; narrow, its group is folded until it is opened.
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'live-notification-arrived-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: /^Reprice/ }).click();
  await page.getByRole('button', { name: /^Ticketing Due/ }).click();
  await expect(cardOf(page, locator)).toBeVisible();
  await shot(page, 'live-notification-arrived-375');
});

test('should poll every 15 s while the stream is refused, and stop once it is back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const liveTries: string[] = [];
  await page.route('**/api/live', async (route) => {
    liveTries.push(route.request().url());
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });
  await page.clock.install();
  const counters = watchCounters(page);
  await openCentre(page, request);
  await expect(html(page)).toHaveAttribute('data-live', /^(down|connecting)$/);
  await countersSettle(counters);

  const quietFrom = counters.length;
  await page.clock.runFor(POLL_MS + 1_000);
  // The poll stands in, and the stream is tried again meanwhile, backing off.
  await expect.poll(() => counters.length).toBeGreaterThan(quietFrom);
  await expect.poll(() => liveTries.length).toBeGreaterThanOrEqual(2);

  await page.unroute('**/api/live');
  // The page's clock moves two seconds at a time until the next try opens the stream. One jump
  // past the longest wait would also pass the stream's 45 s of allowed silence, and the page
  // would rightly take it for dropped, as after a laptop's sleep.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(2_000);
        return html(page).getAttribute('data-live');
      },
      { timeout: 30_000 },
    )
    .toBe('live');
  await countersSettle(counters);
  const liveFrom = counters.length;
  await page.clock.runFor(POLL_MS + 1_000);
  await fence(page);
  expect(counters.length).toBe(liveFrom);
});

test('should keep one stream for all tabs, show what it says in each, and hand it over', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Every GET /api/live of the browser, from whichever tab, and whether it is still open.
  const streams: { page: Page | null; open: boolean }[] = [];
  const byRequest = new Map<unknown, (typeof streams)[number]>();
  context.on('request', (sent) => {
    if (new URL(sent.url()).pathname !== '/api/live') return;
    const entry = { page: sent.serviceWorker() ? null : sent.frame().page(), open: true };
    streams.push(entry);
    byRequest.set(sent, entry);
  });
  const ended = (sent: unknown) => {
    const entry = byRequest.get(sent);
    if (entry) entry.open = false;
  };
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
  // A closed tab's stream went with it, whether or not the browser reported its end.
  const openStreams = () => streams.filter((entry) => entry.open && !entry.page?.isClosed());

  // Kept logged in, the session is the browser's: a second tab opens signed in.
  await openCentre(page, request, { keepLoggedIn: true });
  await expect(html(page)).toHaveAttribute('data-live', 'live');
  const second = await context.newPage();
  await second.goto('/smtapp/notifications');
  await expect(column(second, 'Ticketing Due').locator('article').first()).toBeVisible();
  // The second tab follows the first: live without a stream of its own.
  await expect(html(second)).toHaveAttribute('data-live', 'live');
  await fence(second);
  await fence(page);
  expect(streams).toHaveLength(1);
  expect(openStreams().map((entry) => entry.page)).toEqual([page]);

  const reloads: string[] = [];
  for (const tab of [page, second]) {
    tab.on('framenavigated', (frame) => {
      if (frame === tab.mainFrame()) reloads.push(frame.url());
    });
  }
  const locator = await newTicketingDue(request);
  await waitForRaised(request, locator);
  // The one stream told both tabs: each fetched its lists again.
  for (const tab of [page, second]) {
    await expect(cardOf(tab, locator)).toBeVisible({ timeout: ARRIVES_WITHIN_MS });
    await expect(html(tab)).toHaveAttribute('data-live', 'live');
  }
  expect(reloads).toEqual([]);
  expect(streams).toHaveLength(1);

  // The leading tab closes: the browser frees its lock, and the other tab opens a stream.
  await page.close();
  await expect.poll(() => openStreams().map((entry) => entry.page)).toEqual([second]);
  await expect(html(second)).toHaveAttribute('data-live', 'live');
  expect(streams).toHaveLength(2);

  const next = await newTicketingDue(request);
  await waitForRaised(request, next);
  await expect(cardOf(second, next)).toBeVisible({ timeout: ARRIVES_WITHIN_MS });
  expect(reloads).toEqual([]);
});

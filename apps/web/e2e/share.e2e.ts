import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSessions, freshTicketingDue, raiseDemoNotifications, type Session } from './demo-world';
import { GLOBE_AGENT, SUPER, shoot } from './sign-in-support';

// The public share page (SPEC §2.12): an agent shares a notification, a traveller with no
// session opens the link. The GDS's clock stands still (playwright.config); the ticketing due
// is made for this test, the schedule change comes from the demo's scripted hours. The agent is
// Gal of Globe Tours: the notification screens' tests act on Demo Travel's notifications.
// The server writes the page whole (share.page.ts): the traveller's phone runs no script at all,
// so these open it at 375px with JavaScript off, then look at the tables at 1280px.

type Item = { notification_id: number; pnr: string };
type Segment = { origin: string; dest: string; departureDate: string; arrivalDate?: string };
type PublicFlight = { flightNumber: string; prevSegments: Segment[]; currSegments?: Segment[] };
type PublicShare = { responseData: { notificationType: string | null; flights: PublicFlight[] } };

test.describe.configure({ mode: 'serial' });

let superUser: Session;
let agent: Session;

test.beforeAll(async ({ playwright, baseURL }) => {
  [superUser, agent] = (await apiSessions(playwright.request, baseURL!, [SUPER, GLOBE_AGENT])) as [
    Session,
    Session,
  ];
});

test.afterAll(async () => {
  await superUser.dispose();
  await agent.dispose();
});

async function pendingOf(request: APIRequestContext, group: string): Promise<Item[]> {
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await agent.headers(),
    form: { fetchType: 'personal', group, subtype: 'Pending', chunk: '9999' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { notifications: Item[] }).notifications;
}

/** The path of the public link the agent gets from 'Copy link'. */
async function sharedPath(request: APIRequestContext, notificationId: number): Promise<string> {
  const answer = await request.post('/api/getNotificationShare', {
    headers: await agent.headers(),
    data: { notification_id: notificationId },
  });
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/smtapp\/share\/notification\/\d+\/\d+\/[\w-]+$/);
  return path;
}

/** A phone that never signed in (no cookie, no stored credentials) and runs no script. */
async function travellerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  return context.newPage();
}

/** The page as the server sent it: HTML, with not one script in it. */
async function expectNoScript(page: Page) {
  await expect(page.locator('script')).toHaveCount(0);
}

const WIDE = { width: 1280, height: 800 };

const dateOf = (local: string) => local.slice(0, 10).split('-').reverse().join('/');
const timeOf = (local: string) => local.slice(11, 16);

test('should show a traveller the ticketing deadline when the agent shares it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const due = await freshTicketingDue(request, agent, GLOBE_AGENT);
  const path = await sharedPath(request, due.notification_id);

  const page = await travellerPage(browser, baseURL);
  try {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
    await expectNoScript(page);
    await expect(
      page.getByText(
        'Your reservation needs to be issued today, please confirm your reservation soon',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your reservation' })).toBeVisible();
    await expect(page.getByText(due.pnr, { exact: true })).toBeVisible();
    // The booking the dev call makes: LY315 from Tel Aviv to London, a card on the phone.
    await expect(page.getByRole('heading', { name: 'Reservation details' })).toBeVisible();
    await expect(page.getByText('TLV – LHR')).toBeVisible();
    await expect(page.getByText('Flight Number', { exact: true })).toBeVisible();
    await expect(page.getByText('LY315', { exact: true })).toBeVisible();

    await page.setViewportSize(WIDE);
    const details = page.getByRole('table', { name: 'Reservation details' });
    const row = details.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText('TLV – LHR');
    await expect(row.getByRole('cell').nth(1)).toHaveText('LY315');
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await shoot(page, 'share-ticketing-due');

    const tampered = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await page.goto(tampered))?.status()).toBe(404);
    await expectNoScript(page);
    await expect(page.getByRole('heading', { name: 'The link has been expired' })).toBeVisible();
    await expect(page.getByText('Please contact your travel agent')).toBeVisible();
    await shoot(page, 'share-expired');
  } finally {
    await page.context().close();
  }
});

test('should show a traveller the new and original flights when the agent shares a schedule change', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  await raiseDemoNotifications(request, superUser, agent, ['RESCHEDULE']);

  // A change whose page has both tables: a flight with old and new segments.
  let shared: { path: string; flight: PublicFlight } | undefined;
  for (const item of await pendingOf(request, 'RESCHEDULE')) {
    const path = await sharedPath(request, item.notification_id);
    const answer = await request.get(path.replace('/smtapp/share/', '/api/public/share/'));
    expect(answer.status()).toBe(200);
    const { responseData } = (await answer.json()) as PublicShare;
    expect(responseData.notificationType).toBe('SC');
    const flight = responseData.flights.find(
      (f) => f.prevSegments.length > 0 && (f.currSegments ?? []).length > 0,
    );
    if (flight) {
      shared = { path, flight };
      break;
    }
  }
  if (!shared) throw new Error('no pending schedule change of Gal shows an old and a new flight');
  const { path, flight } = shared;

  const page = await travellerPage(browser, baseURL);
  try {
    expect((await page.goto(path))?.status()).toBe(200);
    await expectNoScript(page);
    await expect(
      page.getByText('This is to inform you of a change in your flight schedule'),
    ).toBeVisible();
    await expect(
      page.getByText('We apologize for the change and wish you a pleasant flight.'),
    ).toBeVisible();
    await expect(page.getByText('Original flight details')).toBeVisible();

    await page.setViewportSize(WIDE);
    const block = page.getByRole('region', { name: `Flight number ${flight.flightNumber}` });
    for (const [name, segment] of [
      ['New flight details', flight.currSegments![0]!],
      ['Original flight details', flight.prevSegments[0]!],
    ] as const) {
      const row = block.getByRole('table', { name }).getByRole('row').nth(1);
      await expect(row.getByRole('cell')).toHaveText([
        dateOf(segment.departureDate),
        `${segment.origin} – ${segment.dest}`,
        timeOf(segment.departureDate),
        segment.arrivalDate ? dateOf(segment.arrivalDate) : '—',
        segment.arrivalDate ? timeOf(segment.arrivalDate) : '—',
      ]);
    }
    await shoot(page, 'share-schedule-change');
  } finally {
    await page.context().close();
  }
});

import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dayField, openCalendar, shownDay, typeDay } from './day-field-support';
import { apiSessions, type Session, waitForEngineToCatchUp } from './demo-world';
import {
  AGENT_2,
  MANAGER,
  SCREENSHOT_DIR,
  SUPER,
  shoot,
  type DemoUser,
  signInAt,
} from './sign-in-support';

// My PNRs (SPEC §2.7) against the real server, as Bella (agent2@demo.test): her demo bookings,
// and bookings made in the simulated GDS for these tests (an OTA one per ticketing state).

type Row = {
  id: number;
  pnrNumber: string;
  notificationStat: { group: string; total: number }[];
};
type Search = Record<string, unknown>;

const MESSAGES = {
  threeLetters: 'Should be three letters',
  twoAlphanumeric: 'Should be two alphanumeric characters',
  pnrNumber: 'Should be alphanumeric value from 6 to 10 characters',
  flightNumber: 'Should be a numeric value from 1 to 4 characters',
  customerName:
    'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
  customerNumber: 'Should be alphanumeric value from 1 to 10 characters',
  bothEnds: 'Both dates of the range are required',
  future: 'The date cannot be in the future',
  tooFarBack: 'The date cannot be more than 6 months back',
};

const TICKETING = [
  { state: 'SUCCESS', errorText: null, message: 'PNR has been ticketed' },
  {
    state: 'PARTIAL_SUCCESS',
    errorText: null,
    message: 'Failed to issue tickets for some extras (seats/ancillaries)',
  },
  { state: 'LOCKED', errorText: null, message: 'Ticketing is in progress' },
  {
    state: 'FAILURE',
    errorText: 'Card declined by the airline',
    message: 'Card declined by the airline',
  },
  { state: 'EXPIRED', errorText: null, message: 'Ticketing has been skipped' },
] as const;

test.describe.configure({ mode: 'serial' });

let bella: Session;
/** A booking whose ticketing deadline the engine raises: its row expands to a notification. */
let dueBooking: string;
const otaBookings: string[] = [];

async function pnrList(request: APIRequestContext, search: Search = {}): Promise<Row[]> {
  const answer = await request.post('/api/admin/pnr/management/pnrList', {
    headers: await bella.headers(),
    data: { chunk: 100, ...search },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { pnrs: Row[] }).pnrs;
}

async function makeBooking(request: APIRequestContext, data: Record<string, unknown>) {
  const made = await request.post('/api/dev/gds/bookings', {
    data: { agentEmail: AGENT_2.email, ...data },
  });
  expect(made.status()).toBe(200);
  return ((await made.json()) as { locator: string }).locator;
}

const searchBox = (page: Page) => page.getByLabel('Search by PNR / name / flight');
// By name: a date field's calendar is a dialog too.
const panel = (page: Page) => page.getByRole('dialog', { name: 'My PNRs Filters' });
/** The PNR column of the table, top to bottom. */
const shownPnrs = (page: Page) => page.locator('table tbody tr th[scope="row"]');

async function openMyPnrs(page: Page, query = '') {
  await page.goto(`/smtapp/my-pnrs${query}`);
  await expect(page.getByRole('heading', { name: 'My PNRs' })).toBeVisible();
}

/** Signs in and opens My PNRs with `query`, in one load of the app. */
async function signInToMyPnrs(page: Page, request: APIRequestContext, user: DemoUser, query = '') {
  await signInAt(page, request, user, `/smtapp/my-pnrs${query}`);
  await expect(page.getByRole('heading', { name: 'My PNRs' })).toBeVisible();
}

async function expectShown(page: Page, expected: string[]) {
  await expect
    .poll(async () =>
      (await shownPnrs(page).allInnerTexts()).map((text) => text.trim().slice(0, 6)),
    )
    .toEqual(expected.slice(0, 20));
}

async function openPanel(page: Page): Promise<Locator> {
  // The box only searches; the Filters button beside it opens the panel (decision 034).
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const [superUser, agent] = (await apiSessions(playwright.request, baseURL!, [
    SUPER,
    AGENT_2,
  ])) as [Session, Session];
  bella = agent;
  const request = await playwright.request.newContext({ baseURL });
  dueBooking = await makeBooking(request, { ticketingDueInHours: 20 });
  for (let i = 0; i < TICKETING.length; i += 1) {
    otaBookings.push(await makeBooking(request, { type: 'OTA', ticketingDueInHours: 60 }));
  }
  // The engine's first look at the new bookings ends before a test acts on them: a check that
  // read a booking before its ticketing and wrote after it would put the unticketed row back,
  // and with the GDS's clock stopped no later check would correct it.
  await waitForEngineToCatchUp(request, superUser);
  await superUser.dispose();
  await request.dispose();
});

test.afterAll(async () => bella?.dispose());

test('should refuse My PNRs to a manager with the page-level denied screen', async ({
  page,
  request,
}) => {
  await signInAt(page, request, MANAGER, '/smtapp/my-pnrs');
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  await expect(page.getByLabel('Search by PNR / name / flight')).toHaveCount(0);
  await shoot(page, 'my-pnrs-denied');
});

test("should list the agent's bookings and refuse each filter's bad value with its message", async ({
  page,
  request,
}) => {
  await signInAt(page, request, AGENT_2);
  await page.getByRole('link', { name: 'My PNRs' }).first().click();
  const all = await pnrList(request);
  await expectShown(
    page,
    all.map((row) => row.pnrNumber),
  );
  await shoot(page, 'my-pnrs');
  await page.setViewportSize({ width: 1280, height: 800 });

  const [first] = all;
  const cases = [
    [
      'PNR number',
      'AB12',
      MESSAGES.pnrNumber,
      first!.pnrNumber.toLowerCase(),
      `PNR number: ${first!.pnrNumber}`,
    ],
    ['Customer name', 'L', MESSAGES.customerName, 'levi', 'Customer name: levi'],
    ['Customer number', 'DK-1', MESSAGES.customerNumber, 'dk42', 'Customer number: dk42'],
    ['Flight number', '12345', MESSAGES.flightNumber, '315', 'Flight number: 315'],
    ['Airline', 'L', MESSAGES.twoAlphanumeric, 'ly', 'Airline: LY'],
    ['From', 'TL', MESSAGES.threeLetters, 'tlv', 'From: TLV'],
    ['To', 'L1N', MESSAGES.threeLetters, 'lhr', 'To: LHR'],
  ] as const;
  // With every field's message showing, the panel still fits an 800 px screen: its fields
  // scroll inside it and Apply stays in view.
  const panel = await openPanel(page);
  for (const [label, bad] of cases) await panel.getByLabel(label, { exact: true }).fill(bad);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText(MESSAGES.threeLetters).first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Apply' })).toBeInViewport({ ratio: 1 });
  const box = await panel.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-filter-messages-1280.png` });
  // The arrows of the sortable columns show without hovering.
  const arrow = page
    .getByRole('columnheader', { name: 'Status' })
    .locator('.MuiTableSortLabel-icon');
  expect(Number(await arrow.evaluate((icon) => getComputedStyle(icon).opacity))).toBeGreaterThan(0);
  await panel.getByRole('button', { name: 'Cancel' }).click();

  for (const [label, bad, message, good, chip] of cases) {
    const dialog = await openPanel(page);
    const field = dialog.getByLabel(label, { exact: true });
    await field.fill(bad);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await field.fill(good);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: chip })).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: chip })).toBeHidden();
  }
  // The PNR number went to the server uppercased and found that one booking.
  await openMyPnrs(page, `?pnrNumber=${first!.pnrNumber.toLowerCase()}`);
  await expectShown(page, [first!.pnrNumber]);
});

test('should refuse date ranges past the limits and with one end', async ({ page, request }) => {
  await signInToMyPnrs(page, request, AGENT_2);
  const day = (offsetDays: number) => {
    const date = new Date(Date.now() + offsetDays * 86_400_000);
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 10);
  };
  const cases = [
    ['Creation date', day(-220), day(-1), 'from', MESSAGES.tooFarBack],
    ['Creation date', day(-10), day(2), 'to', MESSAGES.future],
    ['Ticketing date', day(3), day(4), 'from', MESSAGES.future],
    ['Departure date', day(-200), day(30), 'from', MESSAGES.tooFarBack],
    ['Departure date', day(1), '', 'to', MESSAGES.bothEnds],
  ] as const;
  for (const [range, from, to, end, message] of cases) {
    const dialog = await openPanel(page);
    await typeDay(dialog, `${range} from`, from);
    if (to) await typeDay(dialog, `${range} to`, to);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dayField(dialog, `${range} ${end}`)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(message).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  expect(new URL(page.url()).search).toBe('');

  // A range typed as dd/MM/yyyy inside the window applies, sent as yyyy-MM-dd, and narrows
  // the list as the server says.
  const dialog = await openPanel(page);
  await typeDay(dialog, 'Departure date from', day(0));
  await typeDay(dialog, 'Departure date to', day(60));
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`departureDate=.*${day(60)}`));
  const expected = await pnrList(request, { departureDate: { from: day(0), to: day(60) } });
  await expectShown(
    page,
    expected.map((row) => row.pnrNumber),
  );
  await expect(page.getByText(`${shownDay(day(0))} – ${shownDay(day(60))}`)).toBeVisible();

  // The pickers, closed and open, in the popover and in the phone's full-screen dialog.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const again = await openPanel(page);
    await expect(dayField(again, 'Departure date from').locator('input')).toHaveValue(
      shownDay(day(0)),
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-date-picker-closed-${width}.png` });
    await openCalendar(again, 'Departure date from');
    await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-date-picker-open-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('grid')).toBeHidden();
    if (await again.isVisible()) await again.getByRole('button', { name: /^Cancel/ }).click();
    await expect(again).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('should show chips for applied filters, remove one, and Reset them all', async ({
  page,
  request,
}) => {
  await signInToMyPnrs(page, request, AGENT_2);
  const dialog = await openPanel(page);
  await dialog.getByLabel('Airline', { exact: true }).fill('ly');
  await dialog.getByRole('radio', { name: 'No' }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/airline=LY/);
  await expect(page).toHaveURL(/isTicketed=No/);
  await expect(page.getByRole('button', { name: 'Filters (2 applied)' })).toBeVisible();
  await expectShown(
    page,
    (await pnrList(request, { airline: 'LY', isTicketed: 'No' })).map((row) => row.pnrNumber),
  );
  await shoot(page, 'my-pnrs-chips');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A chip goes by keyboard as by its cross.
  await page.getByRole('button', { name: 'Airline: LY' }).press('Delete');
  await expect(page).not.toHaveURL(/airline=/);
  await expect(page.getByRole('button', { name: 'Ticketed: No' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (1 applied)' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('button', { name: 'Ticketed: No' })).toBeHidden();
  await expect(page).not.toHaveURL(/isTicketed=/);
  await expectShown(
    page,
    (await pnrList(request)).map((row) => row.pnrNumber),
  );
});

test('should cycle every sortable column ascending, descending and off', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToMyPnrs(page, request, AGENT_2);
  const columns = [
    ['Creation date', 'pnrCreationDate'],
    ['Status', 'status'],
    ['#Passengers', 'passengersCount'],
    ['Main passenger', 'passengerName'],
    ['Departure time', 'flightDate'],
    ['Notifications', 'notifications'],
  ] as const;
  const unsorted = (await pnrList(request)).map((row) => row.pnrNumber);
  for (const [header, column] of columns) {
    const arrow = page.getByRole('columnheader', { name: header }).getByRole('button');
    for (const direction of ['asc', 'desc'] as const) {
      await arrow.click();
      await expect(page).toHaveURL(new RegExp(`column=${column}&direction=${direction}`));
      const expected = await pnrList(request, { column, direction });
      await expectShown(
        page,
        expected.map((row) => row.pnrNumber),
      );
    }
    await arrow.click();
    await expect(page).not.toHaveURL(/column=/);
    await expectShown(page, unsorted);
  }
});

test('should reopen a bookmarked search with the same result, and go back to it', async ({
  page,
  request,
}) => {
  const query = '?isTicketed=No&column=passengerName&direction=asc';
  await signInToMyPnrs(page, request, AGENT_2, query);
  const expected = await pnrList(request, {
    isTicketed: 'No',
    column: 'passengerName',
    direction: 'asc',
  });
  await expectShown(
    page,
    expected.map((row) => row.pnrNumber),
  );
  await expect(page.getByRole('button', { name: 'Ticketed: No' })).toBeVisible();

  await searchBox(page).fill(dueBooking);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${dueBooking}`));
  await expectShown(page, [dueBooking]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${query.replace('?', '\\?')}$`));
  await expectShown(
    page,
    expected.map((row) => row.pnrNumber),
  );
});

test("should expand a row to the booking's details and its notifications", async ({
  page,
  request,
}) => {
  // The engine raises the booking's ticketing deadline on its first look.
  await expect
    .poll(async () => (await pnrList(request, { pnrNumber: dueBooking }))[0]?.notificationStat, {
      timeout: 60_000,
    })
    .toContainEqual(expect.objectContaining({ group: 'TICKETING_DUE', total: 1 }));
  const notifications = await request.post('/api/v2/getNotificationList', {
    headers: await bella.headers(),
    data: {
      pnr_key: dueBooking,
      chunk: 9999,
      group: 'RECENT',
      subtype: ['Pending'],
      fetchType: 'all',
    },
  });
  const [notification] = (
    (await notifications.json()) as { notifications: { title: string; notification_id: number }[] }
  ).notifications;
  expect(notification).toBeDefined();

  await signInToMyPnrs(page, request, AGENT_2, `?pnrNumber=${dueBooking}`);
  await page.getByRole('button', { name: `Expand PNR ${dueBooking}` }).click();
  const details = page.getByRole('region', { name: `Details of PNR ${dueBooking}` });
  await expect(details.getByText('Levi').first()).toBeVisible();
  await expect(details.getByText('TLV').first()).toBeVisible();
  const link = details.getByRole('link', { name: new RegExp(notification!.title) });
  await expect(link).toBeVisible();
  await shoot(page, 'my-pnrs-expanded');
  await page.setViewportSize({ width: 1280, height: 800 });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/notifications/${notification!.notification_id}$`));
});

test('should show the result of ticketing an OTA booking in each of the five states', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, request, AGENT_2);
  for (const [index, outcome] of TICKETING.entries()) {
    const pnr = otaBookings[index]!;
    const scripted = await request.post(`/api/dev/gds/bookings/${pnr}/ticketing-script`, {
      data: { state: outcome.state, errorText: outcome.errorText },
    });
    expect(scripted.status()).toBe(200);
    await openMyPnrs(page, `?pnrNumber=${pnr}`);
    await page.getByRole('button', { name: `Expand PNR ${pnr}` }).click();
    const details = page.getByRole('region', { name: `Details of PNR ${pnr}` });
    const send = details.getByRole('button', { name: 'Send to ticketing' });
    await expect(send).toBeEnabled();
    await send.click();
    const snack = page.getByRole('alert').filter({ hasText: outcome.message });
    await expect(snack).toBeVisible();
    const issued = outcome.state === 'SUCCESS' || outcome.state === 'PARTIAL_SUCCESS';
    const gds = (await (await request.get(`/api/dev/gds/bookings/${pnr}`)).json()) as {
      isTicketed: boolean;
    };
    expect(gds.isTicketed).toBe(issued);
    if (issued)
      await expect(details.getByRole('button', { name: 'Send to ticketing' })).toBeDisabled();
    if (index === 3)
      await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-ticketing-failed-1280.png` });
  }
});

test("should label a ticket still inside its void window 'Ticket Voidable' in My PNRs and its CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Ticketed elsewhere, as another terminal would; the fare's void terms decide whether its
  // tickets can be voided, so bookings are made until one's can.
  let voidable = '';
  for (let tries = 0; tries < 10 && voidable === ''; tries += 1) {
    const locator = await makeBooking(request, { ticketingDueInHours: 48 });
    expect((await request.post(`/api/dev/gds/bookings/${locator}/ticketed`)).status()).toBe(200);
    const gds = (await (await request.get(`/api/dev/gds/bookings/${locator}`)).json()) as {
      isVoidable: boolean;
    };
    if (gds.isVoidable) voidable = locator;
  }
  expect(voidable, 'a booking whose tickets can be voided').not.toBe('');

  await signInAt(page, request, AGENT_2);
  const row = page.getByRole('row').filter({ hasText: voidable });
  // The engine reads the new tickets on its next look at the booking.
  await expect(async () => {
    await openMyPnrs(page, `?pnrNumber=${voidable}`);
    await expect(row).toContainText('Ticket Voidable', { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await shoot(page, 'my-pnrs-voidable');
  await page.setViewportSize({ width: 1280, height: 800 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const line = text.split('\n').find((each) => each.startsWith(voidable));
  expect(line).toContain('Ticket Voidable');
});

test('should download the search as CSV', async ({ page, request }) => {
  await signInToMyPnrs(page, request, AGENT_2, '?isTicketed=No');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-pnrs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const expected = await pnrList(request, { isTicketed: 'No' });
  const lines = text.trim().split('\n');
  expect(lines[0]).toMatch(/^PNR,/);
  expect(lines.slice(1).map((line) => line.slice(0, 6))).toEqual(
    expected.map((row) => row.pnrNumber),
  );
});

test('should filter on a small screen in the full-screen dialog', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToMyPnrs(page, request, AGENT_2);
  const dialog = await openPanel(page);
  await expect(dialog.getByRole('heading', { name: 'My PNRs Filters' })).toBeVisible();
  await dialog.getByLabel('Airline', { exact: true }).fill('L');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText(MESSAGES.twoAlphanumeric)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-filters-375.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Clear filters' }).click();
  await expect(dialog.getByLabel('Airline', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel changes' }).click();
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('button', { name: /^Expand PNR / });
  await expect(cards.first()).toBeVisible();
  // Nothing reaches past the screen's right edge (named, so a failure says what does).
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120))
      .slice(0, 5),
  );
  expect(overflowing).toEqual([]);
});

const markerName = (pnrNumber: string) => `Updating PNR ${pnrNumber} from the GDS`;

type ListedRow = {
  pnrNumber: string;
  passengerName: string | null;
  updateWillAvailable: boolean;
  syncJobId: string | null;
};

/** Rows of the table whose passenger name something covers, and elements faded out in it. */
const coveredOrFaded = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>('table tbody tr')) {
      for (const element of [row, ...row.querySelectorAll<HTMLElement>('*')]) {
        if (Number(getComputedStyle(element).opacity) < 1) found.push(`faded ${element.tagName}`);
      }
      const cell = row.children[5];
      if (!cell?.textContent?.trim()) continue;
      const box = cell.getBoundingClientRect();
      // What lies below the fold cannot be hit from the screen.
      if (box.bottom > window.innerHeight) continue;
      const top = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
      if (!top || !cell.contains(top)) found.push(`covered ${row.textContent?.slice(0, 6)}`);
    }
    return found;
  });

test("should show My PNRs' first page readable at once, with no row greyed out", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const listed = page.waitForResponse(
    (response) => response.url().endsWith('/pnrList') && response.request().method() === 'POST',
  );
  await signInToMyPnrs(page, request, AGENT_2);
  const { pnrs } = (await (await listed).json()) as { pnrs: ListedRow[] };
  expect(pnrs.length).toBeGreaterThan(5);
  // Every name is on screen as soon as the page is: nothing waits for the GDS.
  for (const row of pnrs.slice(0, 10)) {
    await expect(page.getByRole('row').filter({ hasText: row.pnrNumber })).toContainText(
      row.passengerName ?? '—',
      { timeout: 1_000 },
    );
  }
  expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await coveredOrFaded(page)).toEqual([]);
  // Rows nobody has read yet (on a fresh server the engine's first round may not have reached
  // them, nor the bookings made for these tests) are read at once and side by side: within 2 s
  // no row of the first page is waiting, and a visit then asks nothing.
  const waiting = async () =>
    ((await pnrList(request, { chunk: 20 })) as unknown as ListedRow[])
      .filter((row) => row.updateWillAvailable)
      .map((row) => row.pnrNumber);
  await expect.poll(waiting, { timeout: 2_000, intervals: [250] }).toEqual([]);
  expect(await waiting()).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  const [top] = pnrs;
  await expect(page.getByRole('article', { name: top?.pnrNumber })).toContainText(
    top?.passengerName ?? '—',
    { timeout: 1_000 },
  );
  expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  await shoot(page, 'my-pnrs-first-page');
});

test('should keep a row being refreshed readable, with a marker beside its PNR, and update it in place', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The demo's rows are all fresh; the list's answer is made to say three are being refreshed.
  const syncJobId = '7f3c9a52-5d1e-4b8a-9c0f-2e6d4a1b3c5d';
  let refreshed: ListedRow[] = [];
  await page.route('**/api/admin/pnr/management/pnrList', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { pnrs: ListedRow[] };
    body.pnrs = body.pnrs.map((row, index) =>
      index < 3 ? { ...row, updateWillAvailable: true, syncJobId } : row,
    );
    refreshed = body.pnrs.slice(0, 3);
    await route.fulfill({ response, json: body });
  });
  let answerUpdates = () => {};
  const updatesMayAnswer = new Promise<void>((resolve) => (answerUpdates = resolve));
  await page.route('**/api/admin/pnr/management/pnrUpdates', async (route) => {
    await updatesMayAnswer;
    await route.fulfill({
      json: {
        pnrs: refreshed.map((row) => ({
          ...row,
          updateWillAvailable: false,
          passengerName: 'UPDATED/FROM GDS',
        })),
      },
    });
  });
  await signInToMyPnrs(page, request, AGENT_2);
  await expect.poll(() => refreshed.length).toBe(3);
  const [first] = refreshed;
  if (!first) throw new Error('the page has rows');
  const marker = page.getByRole('progressbar', { name: markerName(first.pnrNumber) });
  await expect(marker).toBeVisible();
  const row = page.getByRole('row').filter({ has: marker });
  await expect(row).toContainText(first.passengerName ?? '—');
  expect(await coveredOrFaded(page)).toEqual([]);
  // It turns: never "stable" to Playwright, so the pointer is put on it as it is.
  await marker.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('Updating from the GDS');
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.getByRole('article', { name: first.pnrNumber });
  await expect(card.getByRole('progressbar', { name: markerName(first.pnrNumber) })).toBeVisible();
  await expect(card).toContainText(first.passengerName ?? '—');
  await shoot(page, 'my-pnrs-refreshing-row');
  await expect(marker).toBeVisible();
  // Usable meanwhile: the row opens.
  await row.getByRole('button', { name: `Expand PNR ${first.pnrNumber}` }).click();
  await expect(
    page.getByRole('region', { name: `Details of PNR ${first.pnrNumber}` }),
  ).toBeVisible();

  answerUpdates();
  await expect(marker).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: first.pnrNumber }).first()).toContainText(
    'UPDATED/FROM GDS',
  );
  await expect(page.getByRole('progressbar', { name: /^Updating PNR/ })).toHaveCount(0);
});

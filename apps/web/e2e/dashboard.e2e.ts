import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addUtcDays, DAY_MS, MONEY_KIND_LABEL, type MoneyKind, utcDayOf } from '@smt/shared';
import ExcelJS from 'exceljs';
import { apiSessions, raiseDemoNotifications, type Session } from './demo-world';
import { dayField, openCalendar, shownDay, typeDay } from './day-field-support';
import { MANAGER, SCREENSHOT_DIR, SUPER, shoot, signInAt } from './sign-in-support';

// The analytics dashboard (SPEC §2.6) over the demo's notifications, raised by the engine; the
// manager's own reprices are executed first so the actual saving charts have something to show
// (among them the demo's booking flying within a day, which the monthly view counts).

test.describe.configure({ mode: 'serial' });

const DETAILED_CHARTS = [
  'Potential vs Actual saving',
  'Potential vs Actual saving per period',
  'Potential Saving',
  'Pending vs Completed',
  'Actual Saving per Airline',
  'Potential Saving Per Customer Number',
  'ADM notifications per airline',
  'PNR price data',
];
const MONTHLY_CHARTS = [
  'Reprice Potential',
  'Reprice Actual',
  'Total notifications by type',
  'PNR price data',
];

type CurrencySaving = {
  currency: string;
  kind: 'cash' | 'credit';
  potential: number;
  actual: number;
  potentialCount: number;
  actualCount: number;
};

let superUser: Session;
let maya: Session;
/** The last 30 days of the server's calendar, as the dashboard's query string has them. */
let range: { from: string; to: string };

/**
 * Browser tests move the server's clock; the engine dates what it raises by it. The browser
 * is told the server's time so that its today, which bounds the date inputs, is the server's.
 */
async function alignBrowserClock(page: Page, request: APIRequestContext) {
  const { now } = (await (await request.get('/api/dev/clock')).json()) as { now: string };
  if (utcDayOf(Date.parse(now)) !== utcDayOf(Date.now())) {
    await page.clock.setFixedTime(new Date(now));
  }
}

const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function expectDrawn(chart: Locator, title: string) {
  await expect(chart.getByText('Not enough data for this chart'), title).toHaveCount(0);
  const canvas = chart.locator('canvas').first();
  await expect(canvas, title).toBeVisible();
  const size = await canvas.evaluate(
    (element: HTMLCanvasElement) => element.width * element.height,
  );
  expect(size, title).toBeGreaterThan(0);
}

async function dashboardCall(session: Session, request: APIRequestContext, path: string) {
  const answer = await request.get(`/api/admin/dashboard/${path}`, {
    headers: await session.headers(),
  });
  expect(answer.status()).toBe(200);
  return answer.json() as Promise<Record<string, unknown>>;
}

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(path);
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('the file has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  [superUser, maya] = (await apiSessions(playwright.request, baseURL!, [SUPER, MANAGER])) as [
    Session,
    Session,
  ];
  const request = await playwright.request.newContext({ baseURL });
  await raiseDemoNotifications(request, superUser, maya, ['REPRICE', 'ADM', 'TICKETING_DUE']);
  // Reprices executed: actual savings to show.
  const reprices = await request.post('/api/v2/getNotificationList', {
    headers: await maya.headers(),
    form: { fetchType: 'personal', group: 'REPRICE', subtype: 'Pending', chunk: '50' },
  });
  const { notifications } = (await reprices.json()) as {
    notifications: { notification_id: number }[];
  };
  let executed = 0;
  for (const { notification_id } of notifications) {
    const done = await request.post('/api/executePendingOperation', {
      headers: await maya.headers(),
      form: { notification_id: String(notification_id), op_code: 'RP' },
    });
    if (done.status() === 200) executed += 1;
  }
  expect(executed).toBeGreaterThan(0);
  const { now } = (await (await request.get('/api/dev/clock')).json()) as { now: string };
  range = { from: utcDayOf(Date.parse(now) - 30 * DAY_MS), to: utcDayOf(Date.parse(now)) };
  await request.dispose();
});

test.afterAll(async () => {
  await superUser?.dispose();
  await maya?.dispose();
});

test('should draw every chart of the detailed and the monthly view from the demo data', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, request, SUPER, `/smtapp/dashboard?nf=${range.from}&nt=${range.to}`, () =>
    alignBrowserClock(page, request),
  );
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const title of DETAILED_CHARTS) await expectDrawn(card(page, title), title);
  await shoot(page, 'dashboard-detailed');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(page).toHaveURL(/view=monthly/);
  // The rest of the query string stays as it was.
  await expect(page).toHaveURL(new RegExp(`nf=${range.from}`));
  await expect(page).toHaveURL(new RegExp(`nt=${range.to}`));
  for (const title of MONTHLY_CHARTS) await expectDrawn(card(page, title), title);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const title of MONTHLY_CHARTS) await expectDrawn(card(page, title), title);
  // Nothing reaches past a phone's right edge (named, so a failure says what does).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 120))
          .slice(0, 5),
      ),
    )
    .toEqual([]);
  await shoot(page, 'dashboard-monthly');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Detailed' }).click();
  await expect(page).toHaveURL(/view=detailed/);
  await expect(page).toHaveURL(new RegExp(`nf=${range.from}`));
});

test('should change the figures for a narrower filter and refuse a range past the window', async ({
  page,
  request,
}) => {
  await signInAt(page, request, MANAGER, `/smtapp/dashboard?nf=${range.from}&nt=${range.to}`, () =>
    alignBrowserClock(page, request),
  );
  const chart = card(page, 'Pending vs Completed').getByRole('img');
  // The first visit loads the dashboard's chunk, the charts and the date pickers.
  await expect(chart).toBeVisible({ timeout: 20_000 });
  const wholeAgency = await chart.getAttribute('aria-label');

  await page.getByRole('combobox', { name: 'Branches' }).click();
  await page.getByRole('option', { name: /JRS1/ }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => chart.getAttribute('aria-label')).not.toBe(wholeAgency);

  const asked: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/admin/dashboard/')) asked.push(sent.url());
  });
  // Typed as people write dates here, dd/MM/yyyy, whatever the browser's language; sent as
  // yyyy-MM-dd.
  const weekBack = addUtcDays(range.to, -7);
  await typeDay(page, 'Notification date from', weekBack);
  await expect(page).toHaveURL(new RegExp(`nf=${weekBack}`));
  await expect
    .poll(() => asked.some((url) => url.includes(`notificationDateFrom=${weekBack}`)))
    .toBe(true);
  await expect(chart).toBeVisible();
  await expect(dayField(page, 'Notification date to').locator('input')).toHaveValue(
    shownDay(range.to),
  );
  await shoot(page, 'dashboard-date-picker-closed');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openCalendar(page, 'Notification date from');
    await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-date-picker-open-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('grid')).toBeHidden();
  }

  const sevenMonthsBack = addUtcDays(range.to, -213);
  await typeDay(page, 'Notification date from', sevenMonthsBack);
  await expect(page.getByText('The date cannot be more than 6 months back')).toBeVisible();
  await shoot(page, 'dashboard-refused-range');
  // The charts stay on the last range that holds; the refused one is never asked for.
  expect(asked.filter((url) => url.includes(`notificationDateFrom=${sevenMonthsBack}`))).toEqual(
    [],
  );
});

test("should download each chart's XLS holding the chart's rows", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAt(page, request, SUPER, `/smtapp/dashboard?nf=${range.from}&nt=${range.to}`, () =>
    alignBrowserClock(page, request),
  );
  const query = `notificationDateFrom=${range.from}&notificationDateTo=${range.to}`;

  const expected: Record<string, () => Promise<unknown[][]>> = {
    'Actual Saving per Airline': async () => {
      const { byCurrency } = await dashboardCall(superUser, request, `saving/per-airline?${query}`);
      return (
        byCurrency as (Pick<CurrencySaving, 'currency' | 'kind'> & {
          items: { airline: string; saving: number }[];
        })[]
      ).flatMap((each) =>
        each.items.map((i) => [i.airline, each.currency, MONEY_KIND_LABEL[each.kind], i.saving]),
      );
    },
    'ADM notifications per airline': async () => {
      const { items } = await dashboardCall(superUser, request, `adm-per-airline?${query}`);
      return (items as { airline: string; count: number }[]).map((i) => [i.airline, i.count]);
    },
    'Potential vs Actual saving': async () => {
      const { byCurrency } = (await dashboardCall(
        superUser,
        request,
        `saving/potential-vs-actual?${query}`,
      )) as { byCurrency: CurrencySaving[] };
      // A row per currency, kind and measure: amounts of different currencies, or cash and
      // airline credit, are never summed.
      return byCurrency.flatMap((each) => [
        [
          'Potential saving',
          each.currency,
          MONEY_KIND_LABEL[each.kind],
          each.potential,
          each.potentialCount,
        ],
        [
          'Actual Saving',
          each.currency,
          MONEY_KIND_LABEL[each.kind],
          each.actual,
          each.actualCount,
        ],
      ]);
    },
  };
  for (const title of DETAILED_CHARTS) {
    const downloading = page.waitForEvent('download');
    await card(page, title).getByRole('button', { name: 'XLS' }).click();
    const download = await downloading;
    expect(download.suggestedFilename(), title).toMatch(/\.xlsx$/);
    const [titleRow = [], header = [], ...rows] = await readSheet(await download.path());
    expect(String(titleRow[0]), title).toContain(`notifications ${range.from} to ${range.to}`);
    expect(header.length, title).toBeGreaterThan(1);
    const want = expected[title];
    if (want) expect(rows, title).toEqual(await want());
    else expect(rows.length, title).toBeGreaterThan(0);
  }
});

test("should download each monthly chart's XLS holding the chart's rows", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, request, SUPER, '/smtapp/dashboard?view=monthly', () =>
    alignBrowserClock(page, request),
  );
  for (const title of MONTHLY_CHARTS) await expectDrawn(card(page, title), title);
  const stat = (await dashboardCall(superUser, request, 'notification-monthly-stat')) as {
    months: { month: string; byCurrency: CurrencySaving[] }[];
    byType: { count: number }[];
    priceData: { youngCnt: number; oldCnt: number };
  };
  const repriceRows = (figure: 'potential' | 'actual') => {
    const count = figure === 'potential' ? 'potentialCount' : 'actualCount';
    return stat.months.flatMap((month) => {
      const own = month.byCurrency.filter((each) => each[count] > 0);
      return own.length === 0
        ? [[month.month, '', '', 0, 0]]
        : own.map((each) => [
            month.month,
            each.currency,
            MONEY_KIND_LABEL[each.kind],
            each[figure],
            each[count],
          ]);
    });
  };
  const expected: Record<string, unknown[][]> = {
    'Reprice Potential': repriceRows('potential'),
    'Reprice Actual': repriceRows('actual'),
    'Total notifications by type': stat.byType.map((entry) => [expect.any(String), entry.count]),
    'PNR price data': [
      ['With price data', stat.priceData.youngCnt, expect.any(Number)],
      ['Without price data', stat.priceData.oldCnt, expect.any(Number)],
      ['Total', stat.priceData.youngCnt + stat.priceData.oldCnt, expect.any(Number)],
    ],
  };
  for (const title of MONTHLY_CHARTS) {
    const downloading = page.waitForEvent('download');
    await card(page, title).getByRole('button', { name: 'XLS' }).click();
    const download = await downloading;
    expect(download.suggestedFilename(), title).toMatch(/^monthly-.+\.xlsx$/);
    const [titleRow = [], header = [], ...rows] = await readSheet(await download.path());
    expect(String(titleRow[0]), title).toMatch(new RegExp(`^${title}: departures `));
    expect(header.length, title).toBeGreaterThan(1);
    expect(rows, title).toEqual(expected[title]);
  }
  await shoot(page, 'dashboard-monthly-xls');
});

test('should show each currency of a saving on its own, on home and on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, request, SUPER);
  await alignBrowserClock(page, request);
  const totals = (await dashboardCall(
    superUser,
    request,
    `saving/potential-vs-actual?notificationDateFrom=${range.from}&notificationDateTo=${range.to}`,
  )) as { byCurrency: CurrencySaving[] };
  // One entry per currency and kind of money (cash, airline credit): neither adds to another.
  const monies = totals.byCurrency.map((each) => `${each.currency} ${MONEY_KIND_LABEL[each.kind]}`);
  // The simulator prices fares in the carrier's currency (USD, EUR); which of them the engine
  // has raised reprices in by now depends on the tests before. Two side by side are shown by
  // currency-figures.int.test.ts and the dashboard's component tests.
  expect(monies.length).toBeGreaterThan(0);
  expect(new Set(monies).size).toBe(monies.length);

  // Home's reprice potential is what is pending now, each currency and kind floored on its own
  // and never added to another: read from the same answer the page draws.
  // Every answer is kept: one the page before the reload asked for may arrive as it goes, and
  // its body is then gone. What the page draws is the last answer it could read.
  const answers: Promise<unknown>[] = [];
  page.on('response', (answer) => {
    if (answer.url().includes('/api/admin/stats/')) answers.push(answer.json().catch(() => null));
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Needs your attention' })).toBeVisible();
  await expect.poll(async () => (await Promise.all(answers)).some(Boolean)).toBe(true);
  const { byGroup } = (await Promise.all(answers)).filter(Boolean).at(-1) as {
    byGroup: {
      group: string;
      amounts: { amount: number; currency: string; kind: MoneyKind }[];
    }[];
  };
  const pending = byGroup.find((entry) => entry.group === 'REPRICE')?.amounts ?? [];
  expect(pending.length).toBeGreaterThan(0);
  expect(new Set(pending.map((each) => `${each.currency} ${each.kind}`)).size).toBe(pending.length);
  const symbols: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };
  const summary = page.getByRole('region', { name: 'Needs your attention' });
  for (const { amount, currency, kind } of pending) {
    const whole = Math.floor(amount).toLocaleString('en');
    const money = symbols[currency] ? `${symbols[currency]}${whole}` : `${whole} ${currency}`;
    // Each line is the amount with its kind beside it ('$1,200 cash').
    await expect(
      summary.getByText(`${money} ${MONEY_KIND_LABEL[kind]}`, { exact: true }),
    ).toBeVisible();
  }
  await shoot(page, 'home-potential-per-currency');

  await page.goto(`/smtapp/dashboard?nf=${range.from}&nt=${range.to}`);
  const chart = card(page, 'Potential vs Actual saving');
  // One chart per currency and kind, each captioned with it unless it is the only one, in cash.
  await expect(chart.locator('canvas')).toHaveCount(monies.length);
  if (monies.length > 1 || totals.byCurrency[0]?.kind === 'credit') {
    for (const money of monies) {
      await expect(chart.getByText(`In ${money}`)).toBeVisible();
    }
  }
  await chart.scrollIntoViewIfNeeded();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await chart.screenshot({ path: `${SCREENSHOT_DIR}dashboard-saving-per-currency-${width}.png` });
  }
});

const MONEY_CHARTS = [
  'Potential vs Actual saving',
  'Potential vs Actual saving per period',
  'Potential Saving',
  'Actual Saving per Airline',
  'Potential Saving Per Customer Number',
];

/** Every chart a money card draws sits in a figure captioned with its currency and kind. */
async function expectEveryChartNamesItsMoney(chart: Locator, title: string) {
  await expectDrawn(chart, title);
  const drawn = await chart.locator('canvas').count();
  await expect(chart.locator('figure canvas'), title).toHaveCount(drawn);
  const figures = chart.locator('figure');
  const captions = await figures.locator('figcaption').allTextContents();
  expect(captions.length, title).toBe(await figures.count());
  for (const caption of captions) {
    expect(caption, title).toMatch(/^In [A-Z]{3} (cash|airline credit)$/);
  }
}

test('should name the currency of every money chart a manager sees, and the months the monthly view charts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, request, MANAGER, `/smtapp/dashboard?nf=${range.from}&nt=${range.to}`, () =>
    alignBrowserClock(page, request),
  );
  for (const title of MONEY_CHARTS) await expectEveryChartNamesItsMoney(card(page, title), title);
  await shoot(page, 'dashboard-manager-money-named');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Monthly' }).click();
  // Titled with the previous month (SPEC §2.6); the bars run over six months by departure.
  await expect(page.getByRole('heading', { level: 2, name: /^[A-Z][a-z]+ \d{4}$/ })).toBeVisible();
  await expect(
    page.getByText(/^Charts by departure month: [A-Z][a-z]+ \d{4} to [A-Z][a-z]+ \d{4}$/),
  ).toBeVisible();
  for (const title of ['Reprice Potential', 'Reprice Actual']) {
    const chart = card(page, title);
    await chart.getByRole('button', { name: 'Amount' }).click();
    await expectEveryChartNamesItsMoney(chart, title);
  }
  await shoot(page, 'dashboard-manager-monthly-money-named');
});

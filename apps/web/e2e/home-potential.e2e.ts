import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT, shoot, signInQuickly } from './sign-in-support';

// Home's reprice potential in more than one currency and kind (issue 38, point 5): each on a
// line of its own, never run together ('€181 · $1,670' broke across two lines), and set to the
// same right edge as the counts above it. Which currencies the demo's reprices are in depends
// on the airlines the simulator drew, so the amounts of the answer are set here: the layout is
// what is tried, the figures' sums are the server's tests'.

const AMOUNTS = [
  { currency: 'EUR', kind: 'cash', amount: 181.6 },
  { currency: 'USD', kind: 'cash', amount: 1670.2 },
  { currency: 'USD', kind: 'credit', amount: 300 },
] as const;
const LINES = ['€181 cash', '$1,670 cash', '$300 airline credit'];

type Stats = { byGroup: { group: string; pending: number; amounts: unknown[] }[] };

async function withTwoCurrencies(page: Page) {
  await page.route('**/api/admin/stats/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Stats;
    body.byGroup = body.byGroup.map((entry) =>
      entry.group === 'REPRICE'
        ? { ...entry, pending: Math.max(entry.pending, 3), amounts: [...AMOUNTS] }
        : entry,
    );
    await route.fulfill({ response, json: body });
  });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not shown`);
  return box;
}

/** Every line's top is below the one before, and all share one right edge with `counts`. */
async function expectLinesStackedAndAligned(lines: Locator[], counts: Locator[]) {
  const boxes = await Promise.all(lines.map(boxOf));
  for (let i = 1; i < boxes.length; i += 1) {
    expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
  }
  const rights = [...boxes, ...(await Promise.all(counts.map(boxOf)))].map(
    (box) => box.x + box.width,
  );
  expect(Math.max(...rights) - Math.min(...rights)).toBeLessThanOrEqual(1);
}

test("should lay home's reprice potential out a currency and kind a line, aligned with the counts", async ({
  page,
  request,
}) => {
  await withTwoCurrencies(page);
  await signInQuickly(page, request, AGENT);
  await expect(page).toHaveURL(/\/smtapp\/home$/);

  const summary = page.getByRole('region', { name: 'Needs your attention' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const lines = LINES.map((line) => summary.getByText(line, { exact: true }));
    for (const line of lines) await expect(line).toBeVisible();
    // The counts are the figures of the other rows: 'New' and 'Pending'.
    const counts = ['New', 'Pending'].map((label) =>
      summary.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd'),
    );
    await expectLinesStackedAndAligned(lines, counts);

    const reprice = page.getByRole('link', { name: /^Reprice, / });
    await expect(reprice).toHaveAccessibleName(/€181 cash · \$1,670 cash · \$300 airline credit$/);
    const cardLines = LINES.map((line) => reprice.getByText(line, { exact: true }));
    const cardBoxes = await Promise.all(cardLines.map(boxOf));
    for (let i = 1; i < cardBoxes.length; i += 1) {
      expect(cardBoxes[i]!.y).toBeGreaterThanOrEqual(
        cardBoxes[i - 1]!.y + cardBoxes[i - 1]!.height - 1,
      );
      // One left edge: a column of amounts, as the count above them.
      expect(Math.abs(cardBoxes[i]!.x - cardBoxes[0]!.x)).toBeLessThanOrEqual(1);
    }
  }
  await shoot(page, 'home-potential-two-currencies');
});

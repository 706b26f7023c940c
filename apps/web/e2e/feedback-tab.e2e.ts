import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT, SCREENSHOT_DIR, shoot, signInQuickly } from './sign-in-support';

// The Feedback tab is fixed at the right edge, half-way down (SPEC §2.13): no page content may
// lie under it, or a control there cannot be clicked. My PNRs' next-page button was (issue 38).

/**
 * Brings the element's centre half-way down the window, where the tab is: a window twice as
 * tall as the element is low on the page, scrolled to the top (a short result's page does not
 * scroll, as at the 1280 px).
 */
async function centreVertically(page: Page, target: Locator) {
  const centre = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return window.scrollY + box.top + box.height / 2;
  });
  await page.setViewportSize({ width: 1280, height: Math.round(2 * centre) });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Whether the topmost element at the target's centre is the target or inside it. */
const isOnTop = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });

test("should keep My PNRs' next-page button clear of the Feedback tab", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, AGENT, { path: '/smtapp/my-pnrs' });
  await expect(page.getByRole('heading', { name: 'My PNRs', level: 1 })).toBeVisible();

  const tab = page.getByRole('link', { name: 'Feedback' });
  const next = page.getByRole('button', { name: 'Go to next page' });
  await expect(tab).toBeVisible();
  await expect(next).toBeEnabled();
  await centreVertically(page, next);

  const tabBox = (await tab.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  // The two share the window's middle: only the page's room for the tab keeps them apart.
  expect(nextBox.y).toBeLessThan(tabBox.y + tabBox.height);
  expect(nextBox.y + nextBox.height).toBeGreaterThan(tabBox.y);
  expect(nextBox.x + nextBox.width).toBeLessThanOrEqual(tabBox.x);
  expect(await isOnTop(next)).toBe(true);
  // The whole content column, not just this button, ends before the tab.
  const content = await page.getByRole('main').evaluate((main) => {
    const box = main.getBoundingClientRect();
    return box.right - Number.parseFloat(getComputedStyle(main).paddingRight);
  });
  expect(content).toBeLessThanOrEqual(tabBox.x);

  await page.screenshot({ path: `${SCREENSHOT_DIR}my-pnrs-pager-beside-feedback-tab-1280.png` });
  await next.click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page).toHaveURL(/[?&]page=2/);
  await shoot(page, 'my-pnrs-feedback-tab');
});

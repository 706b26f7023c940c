import { expect, type Page } from '@playwright/test';

/** The first few elements reaching past the window's right edge (a page scrolling sideways). */
export const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120))
      .slice(0, 5),
  );

/**
 * Nothing reaches past the edge. Asked until it holds: right after a resize the header is
 * still the wide one until React has heard the media query change.
 */
export async function expectNothingPastTheEdge(page: Page) {
  await expect.poll(() => overflowing(page)).toEqual([]);
}

/**
 * List items that show a bullet or number where the list has no room for it (a list laid out
 * as cards or rows, padding taken away but its markers left on): the marker hangs beside the
 * content, as a stray dot.
 */
export const strayBullets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('li')]
      .filter((item) => {
        const style = getComputedStyle(item);
        if (style.display !== 'list-item' || style.listStyleType === 'none') return false;
        if (item.getBoundingClientRect().height === 0) return false;
        const list = item.parentElement;
        return list !== null && parseFloat(getComputedStyle(list).paddingInlineStart) < 8;
      })
      .map((item) =>
        `${item.parentElement?.className ?? ''} > ${item.textContent ?? ''}`.slice(0, 120),
      )
      .slice(0, 5),
  );

export async function expectNoStrayBullets(page: Page) {
  expect(await strayBullets(page)).toEqual([]);
}

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

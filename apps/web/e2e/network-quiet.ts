import type { Page, Request } from '@playwright/test';

/** What Playwright's 'networkidle' waits for: this long without a request under way. */
const QUIET_MS = 500;
const LONGEST_WAIT_MS = 60_000;

type Watch = { quiet: () => Promise<void> };
const watches = new WeakMap<Page, Watch>();

/**
 * Follows the page's requests from now on; `quiet()` resolves once none has been under way for
 * QUIET_MS, as Playwright's 'networkidle' does, except that an event stream counts as done once
 * its answer starts: a signed-in page keeps one open (the live notifications) for as long as
 * it is open, and would never be idle.
 */
export function watchNetwork(page: Page): Watch {
  const known = watches.get(page);
  if (known) return known;
  const underWay = new Set<Request>();
  let changedAt = Date.now();
  const add = (request: Request) => {
    underWay.add(request);
    changedAt = Date.now();
  };
  const remove = (request: Request) => {
    if (underWay.delete(request)) changedAt = Date.now();
  };
  page.on('request', add);
  page.on('requestfinished', remove);
  page.on('requestfailed', remove);
  page.on('response', (response) => {
    if (response.headers()['content-type']?.includes('text/event-stream')) {
      remove(response.request());
    }
  });
  const watch: Watch = {
    quiet: async () => {
      const giveUpAt = Date.now() + LONGEST_WAIT_MS;
      while (underWay.size > 0 || Date.now() - changedAt < QUIET_MS) {
        if (Date.now() > giveUpAt) {
          const urls = [...underWay].map((request) => request.url()).join(', ');
          throw new Error(`the network never went quiet; under way: ${urls}`);
        }
        await page.waitForTimeout(100);
      }
    },
  };
  watches.set(page, watch);
  return watch;
}

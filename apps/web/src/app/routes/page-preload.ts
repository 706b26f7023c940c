import type { RouteMatch } from 'react-router';

/** What a route hands its layout so the layout can fetch the page's chunk early. */
export type PageHandle = { preload: () => Promise<unknown> };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof (handle as Partial<PageHandle> | null)?.preload === 'function';
}

/** Starts loading the chunks of the matched routes' pages; a chunk loads once however often asked. */
export function preloadPagesOf(matches: readonly Pick<RouteMatch, 'route'>[]): void {
  for (const { route } of matches) if (isPageHandle(route.handle)) void route.handle.preload();
}

import type { UIMatch } from 'react-router';

/** What a route hands its layout so the layout can fetch the page's chunk early. */
export type PageHandle = { preload: () => Promise<unknown> };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof (handle as Partial<PageHandle> | null)?.preload === 'function';
}

/** Starts loading the chunks of the matched routes' pages; a chunk loads once however often asked. */
export function preloadPagesOf(matches: readonly UIMatch[]): void {
  for (const { handle } of matches) if (isPageHandle(handle)) void handle.preload();
}

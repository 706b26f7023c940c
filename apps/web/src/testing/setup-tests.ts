import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup } from '@testing-library/react';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, vi } from 'vitest';

// React's development build captures an Error (a stack of 10 frames) for every element it
// creates, up to 10,000 per render, to name owners in its warnings: about a sixth of the CPU of
// the slowest form tests (process-settings-form.test.tsx). Its counter reads full here, so
// React skips the capture; a warning's component stack then lacks its owners' frames.
const internals: object | undefined = Reflect.get(
  React,
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
) as object | undefined;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}

// The files of a worker share one page (isolate: false in vitest.config.ts) and so MUI's one
// style cache: every style a test's components made stayed in the page's head, some 1,900
// sheets by a worker's last file, and jsdom's getComputedStyle, which Testing Library's role
// queries and user-event call for element after element, reads every sheet each time (a
// quarter of the web unit tests' CPU). After each test the sheets go and the cache forgets
// them; the next test's components insert theirs again.
let styles: EmotionCache | null = null;
function ReadStyleCache() {
  styles = __unsafe_useEmotionCache();
  return null;
}
renderToStaticMarkup(React.createElement(ReadStyleCache));

function forgetStyles() {
  if (!styles) return;
  styles.sheet.flush();
  for (const name of Object.keys(styles.inserted)) delete styles.inserted[name];
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  forgetStyles();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

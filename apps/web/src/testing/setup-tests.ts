import { cleanup } from '@testing-library/react';
import * as React from 'react';
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

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

import { createElement, lazy, type ComponentType } from 'react';

export type LazyComponent<P extends object> = {
  Component: ComponentType<P>;
  /** Loads the module once, however often asked; the component renders at once after. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy that does not suspend once its module is in: the first render after a preload shows
 * the component itself, not the Suspense fallback. So the app's first render can replace what
 * the document painted with the same screen rather than a loading mark (decision 079).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to arrive is asked for again next time.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Lazy only renders while the module is not in, and then suspends: it never commits, so
  // switching to the loaded component does not remount anything.
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return { Component, preload };
}

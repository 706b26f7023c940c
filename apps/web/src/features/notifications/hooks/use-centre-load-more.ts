import { useEffect, useEffectEvent, useState } from 'react';

// Starts the next chunk a little before the end of the column comes into view.
const AHEAD = '200px';

/**
 * Calls `loadMore` whenever the returned sentinel element scrolls into view while `enabled`.
 * Browsers without IntersectionObserver keep the 'Show More' button only.
 */
export function useCentreLoadMore(loadMore: () => void, enabled: boolean) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const onVisible = useEffectEvent(loadMore);

  useEffect(() => {
    if (!sentinel || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, enabled]);

  return setSentinel;
}

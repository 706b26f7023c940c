import { useEffect, useState } from 'react';

/** Whole seconds until `until` (epoch ms), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (left === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  return left;
}

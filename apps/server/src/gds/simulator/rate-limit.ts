import { setTimeout as sleep } from 'node:timers/promises';

// A real GDS answers slowly and refuses bursts; the simulator makes callers feel both.
// Timing here is real time, whatever the sim clock does.

export type TokenBucket = {
  /** Takes a token now; answers how many ms to wait until it is really yours. */
  take: () => number;
};

/** Holds one second of calls; refills continuously. Tokens go negative to queue callers. */
export function createTokenBucket(
  ratePerSecond: number,
  monotonicNow: () => number = () => performance.now(),
): TokenBucket {
  const capacity = Math.max(1, ratePerSecond);
  let tokens = capacity;
  let last = monotonicNow();
  return {
    take: () => {
      const now = monotonicNow();
      tokens = Math.min(capacity, tokens + ((now - last) * ratePerSecond) / 1000);
      last = now;
      tokens -= 1;
      return tokens >= 0 ? 0 : (-tokens / ratePerSecond) * 1000;
    },
  };
}

export type GateOptions = { latencyMs: number; ratePerSecond: number | null };

/** What every GDS call passes first: its turn in the bucket, then the network's latency. */
export function createGate(options: GateOptions): () => Promise<void> {
  const bucket = options.ratePerSecond === null ? null : createTokenBucket(options.ratePerSecond);
  return async () => {
    const wait = (bucket?.take() ?? 0) + options.latencyMs;
    if (wait > 0) await sleep(wait);
  };
}

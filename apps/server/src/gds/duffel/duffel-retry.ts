import { DuffelError } from '@duffel/api';
import { OutgoingFailed } from '@/lib/outgoing-address';

// When a call to Duffel is made again, and how long to wait first. Sources: Duffel's errors
// page (429 'too many requests'; 500 and 502 'You should not retry this request'; 503 and 504
// 'Please retry later'), its rate-limit error ('Please retry your request after the time
// specified in the ratelimit-reset header', an HTTP date, as its Ruby client parses it), and
// the SDK's DuffelError.status (a gateway may fail while Duffel still does the work).

export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; each later wait doubles it. */
  baseDelayMs: number;
};

export type Sleep = (ms: number) => Promise<void>;

/**
 * 'safe': reads, and writes that change nothing until confirmed (a search, an order change
 * request, a pending order change or cancellation): made again after a 429, a 503 or 504, or a
 * connection that failed. 'effect': a call that may book, pay, confirm or accept: made again
 * after a 429 only, which Duffel's rate limiter answers before anything happens; any other
 * failure goes back to the caller, who looks at the order to learn whether it took effect.
 */
export type CallKind = 'safe' | 'effect';

/** Duffel's rate-limit window is a minute; no single wait is longer. */
export const MAX_WAIT_MS = 60_000;

export type DuffelFailure = InstanceType<typeof DuffelError>;

export const duffelErrorOf = (error: unknown): DuffelFailure | null =>
  error instanceof DuffelError ? error : null;

export const statusOf = (error: unknown): number | null => {
  const failure = duffelErrorOf(error);
  return failure ? (failure.status ?? failure.meta?.status ?? null) : null;
};

/** A connection that failed or timed out on the way (duffel-transport.ts), not an answer. */
const isConnectionFailure = (error: unknown) => error instanceof OutgoingFailed;

/** A failure Duffel asks to be tried again later: the request was not done, or may be redone. */
export const isTransient = (error: unknown) => {
  const status = statusOf(error);
  return status === 503 || status === 504 || isConnectionFailure(error);
};

/** A failure after which the request may or may not have been done: ask Duffel before redoing it. */
export const isUncertain = (error: unknown) =>
  (statusOf(error) ?? 0) >= 500 || isConnectionFailure(error);

const secondsOrDate = (value: string, nowMs: number): number | null => {
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at - nowMs;
};

/**
 * How long a 429 asks to wait: `retry-after` (seconds or a date) when given, else until
 * `ratelimit-reset`, counted from the answer's own `date` so that clocks need not agree;
 * null when the answer says neither.
 */
export function rateLimitWaitMs(
  headers: { get: (name: string) => string | null } | undefined,
  nowMs: number,
): number | null {
  const header = (name: string) => headers?.get(name) ?? null;
  const served = Date.parse(header('date') ?? '');
  const now = Number.isNaN(served) ? nowMs : served;
  const retryAfter = header('retry-after');
  const reset = header('ratelimit-reset');
  const wait = retryAfter
    ? secondsOrDate(retryAfter, now)
    : reset
      ? secondsOrDate(reset, now)
      : null;
  return wait === null ? null : Math.min(Math.max(wait, 0), MAX_WAIT_MS);
}

/** The wait before try number `next` (2 for the second), or null when it is not to be made. */
export function waitBeforeRetry(
  error: unknown,
  kind: CallKind,
  next: number,
  policy: RetryPolicy,
  nowMs: number,
): number | null {
  if (next > policy.attempts) return null;
  const backoff = Math.min(policy.baseDelayMs * 2 ** (next - 2), MAX_WAIT_MS);
  const failure = duffelErrorOf(error);
  if (failure && statusOf(error) === 429) return rateLimitWaitMs(failure.headers, nowMs) ?? backoff;
  if (kind === 'safe' && isTransient(error)) return backoff;
  return null;
}

export async function withRetries<T>(
  call: () => Promise<T>,
  kind: CallKind,
  options: { policy: RetryPolicy; sleep: Sleep; now?: () => number },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const wait = waitBeforeRetry(
        error,
        kind,
        attempt + 1,
        options.policy,
        (options.now ?? Date.now)(),
      );
      if (wait === null) throw error;
      await options.sleep(wait);
    }
  }
}

/**
 * What Duffel answered, in our words: its HTTP status and error code, never its own text
 * (duffel-transport.ts drops that before anything reads it; docs/decisions/053).
 */
export function describeFailure(error: unknown): string {
  const failure = duffelErrorOf(error);
  if (failure) {
    const code = failure.errors?.find((each) => each.code)?.code;
    return `HTTP ${statusOf(error) ?? 'error'}${code ? `, error code ${code}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

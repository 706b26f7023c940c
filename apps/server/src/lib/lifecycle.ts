// A process told to stop first drains (issue 33): readiness says so at once, so balancers send
// new requests elsewhere, while what arrives meanwhile is still answered; then it closes.

export const DRAINING_REASON = 'This process is shutting down: new requests go to another.';

export type Lifecycle = {
  /** Whether the process is on its way out (it still answers). */
  readonly draining: boolean;
  drain: () => void;
};

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

// When the embedded database's process ends unasked (killed, out of memory), the server starts
// it again rather than leave the site down until someone looks (decision 055): a pause that
// doubles each time, and a bounded number of tries, after which the server stops with one line
// and its supervisor (systemd's Restart=on-failure) takes over.

/** Restarts allowed within RESTART_WINDOW_MS; one more ends the server. */
export const RESTART_LIMIT = 5;
export const RESTART_WINDOW_MS = 10 * 60_000;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

export type RestartPlan = { attempt: number; pauseMs: number };

/**
 * The next restart after those made at `restartsAt` (epoch ms), at `now`: which try it is and
 * how long to wait first, or null when the process has been restarted too often lately.
 */
export function nextRestart(restartsAt: readonly number[], now: number): RestartPlan | null {
  const recent = restartsAt.filter((at) => now - at < RESTART_WINDOW_MS).length;
  if (recent >= RESTART_LIMIT) return null;
  return {
    attempt: recent + 1,
    pauseMs: Math.min(FIRST_PAUSE_MS * 2 ** recent, LONGEST_PAUSE_MS),
  };
}

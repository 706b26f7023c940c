// pg-boss answers a job once its handler returns, without waiting for that answer
// (`complete`/`fail` are not awaited), so a handler still running when the process closes its
// database pool answers into a closed pool: an unhandled rejection that failed a clean stop
// (exit 1, seen on a loaded CI machine). Each handler of a process is therefore counted; a
// stopping process waits a while for those under way, refuses jobs fetched meanwhile (their
// answer goes while the pool is open, and pg-boss offers them to a live worker), and leaves the
// ones still running past the wait unanswered: they expire and another worker does them again,
// as a crashed worker's would.

export type JobHandlers = {
  /** The handler, counted while it runs and refusing work once the process is stopping. */
  track: <A extends unknown[], R>(
    handler: (...args: A) => Promise<R>,
  ) => (...args: A) => Promise<R>;
  /**
   * Refuses new jobs and waits, up to `timeoutMs`, for the handlers under way; any still
   * running then never answers, so nothing reaches the pool once it is closed.
   */
  drain: (timeoutMs: number) => Promise<void>;
  running: () => number;
};

const never = <R>() => new Promise<R>(() => {});

export function createJobHandlers(): JobHandlers {
  let running = 0;
  let stopping = false;
  let abandoned = false;
  return {
    track:
      (handler) =>
      async (...args) => {
        if (stopping) throw new Error('this process is stopping; the job is left to another');
        running += 1;
        let result: Awaited<ReturnType<typeof handler>>;
        try {
          result = await handler(...args);
        } catch (error) {
          if (abandoned) return never();
          throw error;
        } finally {
          running -= 1;
        }
        return abandoned ? never() : result;
      },
    async drain(timeoutMs) {
      stopping = true;
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      abandoned = true;
    },
    running: () => running,
  };
}

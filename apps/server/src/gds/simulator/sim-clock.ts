import type { SimStore } from './sim-store';

// Sim time = anchor + (real time since the anchor) × speed. The anchor lives in
// gds_sim.state, so every process that runs the simulator on one database reads the same
// time, and a restart carries on. Running processes beat a heartbeat; a process that starts
// after every other one has been gone a while resumes the clock where it stopped, so time
// does not rush ahead (at SIM_SPEED) while nothing runs.

export type ClockState = {
  anchorSimMs: number;
  anchorRealMs: number;
  /** Sim milliseconds per real millisecond; 0 is a frozen clock, moved by hand only. */
  speed: number;
  /** The last heartbeat of a running simulator, in real time. */
  seenRealMs: number;
};

export type SimClock = {
  now: () => Date;
  /** Moves sim time on by hand (or back, with a negative amount). */
  advance: (ms: number) => Promise<void>;
  set: (date: Date) => Promise<void>;
};

const CLOCK_KEY = 'clock';
export const HEARTBEAT_MS = 5_000;
/** With no heartbeat for this long, no simulator runs: the clock stopped at the last beat. */
export const STOPPED_AFTER_MS = 60_000;

export const simTimeOf = (state: ClockState, realNow: number) =>
  Math.floor(state.anchorSimMs + (realNow - state.anchorRealMs) * state.speed);

/** The clock a starting process runs: a new one, the running one, or a stopped one resumed. */
export function resumeClock(
  stored: ClockState | null,
  options: { realNow: number; speed: number; startAt: number },
): ClockState {
  const { realNow, speed } = options;
  if (!stored)
    return { anchorSimMs: options.startAt, anchorRealMs: realNow, speed, seenRealMs: realNow };
  const running = realNow - stored.seenRealMs <= STOPPED_AFTER_MS;
  if (running && stored.speed === speed) return { ...stored, seenRealMs: realNow };
  // A new speed starts from now for every process; a stopped clock from where it stopped.
  const from = running ? realNow : Math.max(stored.anchorRealMs, stored.seenRealMs);
  return {
    anchorSimMs: simTimeOf(stored, from),
    anchorRealMs: realNow,
    speed,
    seenRealMs: realNow,
  };
}

export type RunningClock = SimClock & { stop: () => void };

export async function openSimClock(
  store: SimStore,
  options: { speed: number; startAt: number | null; realNow: () => number },
): Promise<RunningClock> {
  const { realNow } = options;
  let state = resumeClock(await store.readState<ClockState>(CLOCK_KEY), {
    realNow: realNow(),
    speed: options.speed,
    startAt: options.startAt ?? realNow(),
  });
  await store.writeState(CLOCK_KEY, state);
  // Moves by hand bump this, so that a heartbeat answer read before one is not adopted after.
  let moves = 0;

  const beat = async () => {
    const movesBefore = moves;
    const beaten = await store.setStateField<ClockState>(CLOCK_KEY, 'seenRealMs', realNow());
    // Adopt what others did to the clock (a move by hand in another process).
    if (beaten && moves === movesBefore) state = beaten;
  };
  const timer = setInterval(() => {
    beat().catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    now: () => new Date(simTimeOf(state, realNow())),
    // Counted before and after the write: a beat overlapping the move in any way is ignored.
    advance: async (ms) => {
      moves += 1;
      const moved = await store.addToState<ClockState>(CLOCK_KEY, 'anchorSimMs', Math.round(ms));
      moves += 1;
      state = moved ?? state;
    },
    set: async (date) => {
      moves += 1;
      const real = realNow();
      state = { ...state, anchorSimMs: date.getTime(), anchorRealMs: real, seenRealMs: real };
      await store.writeState(CLOCK_KEY, state);
      moves += 1;
    },
    stop: () => clearInterval(timer),
  };
}

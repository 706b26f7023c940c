type IdleInput = {
  keepLoggedIn: boolean;
  /** Epoch ms of the last pointer or key press, or null when none was recorded. */
  lastActiveAt: number | null;
  now: number;
  sessionDurationMinutes: number;
};

/** Whether a session has been idle past its limit (SPEC §9); never with keep me logged in. */
export function isSessionIdle({
  keepLoggedIn,
  lastActiveAt,
  now,
  sessionDurationMinutes,
}: IdleInput): boolean {
  if (keepLoggedIn || lastActiveAt === null) return false;
  return now - lastActiveAt > sessionDurationMinutes * 60_000;
}

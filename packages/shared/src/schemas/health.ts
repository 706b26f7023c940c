import { z } from 'zod';

// The health page of SPEC §2.11: the monitoring engine's state, read by super users.

/** How often the health page asks again. */
export const HEALTH_REFRESH_MS = 5_000;

export const EngineStatus = z.object({
  bookingsMonitored: z.number().int(),
  /** Checks the engine made in the server's last minute, whatever they found. */
  checkedLastMinute: z.number().int(),
  /**
   * Monitored bookings the engine considers current: looked at, and their next check not
   * overdue by more than a minute of the reservation system's present (they are checked on a
   * cadence, not every minute).
   */
  upToDate: z.number().int(),
  /**
   * Monitored bookings last checked within a minute of the reservation system's present: what
   * a tester who moved the simulator's clock waits for, every booking looked at since.
   */
  checkedWithinMinute: z.number().int(),
  queueDepth: z.number().int(),
  /** Newest first; `at` is an ISO instant. */
  lastErrors: z.array(z.object({ at: z.string(), message: z.string() })),
  deliveries: z.object({
    pending: z.number().int(),
    /** Taken by a sender and not yet answered. */
    sending: z.number().int(),
    sent: z.number().int(),
    sentLastMinute: z.number().int(),
    failed: z.number().int(),
    dead: z.number().int(),
  }),
});
export type EngineStatus = z.infer<typeof EngineStatus>;

/**
 * GET /api/ready when the process may take traffic: the database answers and every migration
 * of this build is applied. `newerMigrations` counts those a newer build applied beyond them.
 */
export const ReadyResponse = z.object({
  status: z.literal('ready'),
  version: z.string(),
  db: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
  newerMigrations: z.number().int(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

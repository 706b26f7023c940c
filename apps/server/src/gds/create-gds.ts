import type { Env } from '@/config/env';
import type { Database } from '@/db/client';
import { createSimulator, type Simulator } from './simulator/simulator';

/** The reservation system the product talks to: for now always the simulator. */
export function createGds(env: Env, database: Database): Promise<Simulator> {
  return createSimulator({
    database,
    seed: env.SIM_SEED,
    speed: env.SIM_SPEED,
    latencyMs: env.SIM_LATENCY_MS,
    ratePerSecond: env.SIM_RATE_PER_SECOND > 0 ? env.SIM_RATE_PER_SECOND : null,
  });
}

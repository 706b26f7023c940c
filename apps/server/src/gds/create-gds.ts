import type { Env } from '@/config/env';
import type { Database } from '@/db/client';
import { instrumentGds } from './instrumented-gds';
import { createSimulator, type Simulator } from './simulator/simulator';

/** The reservation system the product talks to: for now always the simulator, its calls timed. */
export async function createGds(env: Env, database: Database): Promise<Simulator> {
  const simulator = await createSimulator({
    database,
    seed: env.SIM_SEED,
    speed: env.SIM_SPEED,
    latencyMs: env.SIM_LATENCY_MS,
    ratePerSecond: env.SIM_RATE_PER_SECOND > 0 ? env.SIM_RATE_PER_SECOND : null,
  });
  return instrumentGds(simulator);
}

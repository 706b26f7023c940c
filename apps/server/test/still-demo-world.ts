import type { DbKind } from '@/db/client';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { createSimulator, type Simulator } from '@/gds/simulator/simulator';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A fresh database with the demo organisation and the default process settings, beside a
 * simulated GDS whose clock stands still and answers at once: tests move it themselves.
 */
export async function createStillDemoWorld(
  kind: DbKind,
  options: { seed: number; startAt: Date },
): Promise<{ database: TestDatabase; sim: Simulator }> {
  const database = await createTestDatabase(kind);
  await seedDemoOrganisation(database.db);
  await ensureDefaultProcessSettings(database.db);
  const sim = await createSimulator({
    database,
    seed: options.seed,
    speed: 0,
    startAt: options.startAt,
    latencyMs: 0,
    ratePerSecond: null,
  });
  return { database, sim };
}

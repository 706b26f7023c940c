import type { EngineStatus } from '@smt/shared';
import type { Db } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import type { Clock } from '@/lib/clock';
import { engineStatus } from '@/monitoring/engine-status';

/**
 * The engine's state for the health page. The engine may run in another process: what it did
 * is read from the database every process shares, by the server's clock and the simulator's.
 */
export function createEngineHealth(deps: { db: Db; gds: GdsClient; clock: Clock }) {
  const { db, gds, clock } = deps;

  return {
    status: (): Promise<EngineStatus> => engineStatus(db, gds, clock.now()),
  };
}

import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

// A call's "direct-SQL limit": the statements the API sent to PostgreSQL for one request (as
// bench/sql-capture.mjs wrote them down), sent again straight through a node-postgres pool at
// the same concurrency as the HTTP load, with no HTTP, routing, validation or mapping around
// them. Statements the server ran side by side are sent side by side, the others in turn.

export type CapturedStatement = {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  /** Set when the server ran it as a named prepared statement (db/kept-queries.ts). */
  name?: string;
  sentAt: number;
  answeredAt: number;
};

/** The statements one request sent, in stages: those of a stage ran at the same time. */
export type Stages = CapturedStatement[][];

/** The statements between the last 'on' and the 'off' after it in a capture file. */
export async function lastCapture(file: string): Promise<CapturedStatement[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  const entries = lines.map((line) => JSON.parse(line) as CapturedStatement | { mark: string });
  const lastOn = entries.findLastIndex((entry) => 'mark' in entry && entry.mark === 'on');
  if (lastOn === -1) throw new Error(`no capture was turned on in ${file}`);
  return entries
    .slice(lastOn + 1)
    .filter((entry): entry is CapturedStatement => !('mark' in entry))
    .sort((a, b) => a.sentAt - b.sentAt);
}

/** Groups statements sent before the ones in flight were answered. */
export function stagesOf(statements: CapturedStatement[]): Stages {
  const stages: Stages = [];
  let stageEnds = -Infinity;
  for (const statement of [...statements].sort((a, b) => a.sentAt - b.sentAt)) {
    const current = stages.at(-1);
    if (current && statement.sentAt < stageEnds) {
      current.push(statement);
      stageEnds = Math.max(stageEnds, statement.answeredAt);
    } else {
      stages.push([statement]);
      stageEnds = statement.answeredAt;
    }
  }
  return stages;
}

export type SqlLoad = {
  /** Whole requests' worth of statements per second. */
  perSecond: number;
  statementsPerSecond: number;
  /** Of each request's worth, ms, ascending. */
  latencies: number[];
  errors: number;
  firstError: string | null;
};

/**
 * `concurrency` loops, each sending one request's stages and then the next, for a warm-up and
 * a window in which every finished request's time is recorded.
 */
export async function runSqlLoad(
  pool: pg.Pool,
  stages: Stages,
  options: { concurrency: number; warmUpMs: number; windowMs: number },
): Promise<SqlLoad> {
  const statements = stages.reduce((sum, stage) => sum + stage.length, 0);
  const started = performance.now();
  const windowStart = started + options.warmUpMs;
  const windowEnd = windowStart + options.windowMs;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const loop = async () => {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      try {
        for (const stage of stages) {
          await Promise.all(
            stage.map((statement) =>
              pool.query({
                text: statement.text,
                values: statement.values,
                ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
                ...(statement.name ? { name: statement.name } : {}),
              }),
            ),
          );
        }
      } catch (error) {
        errors += 1;
        firstError ??= String(error);
      }
      const answered = performance.now();
      if (answered >= windowStart && answered <= windowEnd) latencies.push(answered - sent);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  latencies.sort((a, b) => a - b);
  const perSecond = latencies.length / (options.windowMs / 1000);
  return {
    perSecond,
    statementsPerSecond: perSecond * statements,
    latencies,
    errors,
    firstError,
  };
}

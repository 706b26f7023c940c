// The engine's throughput against a slow GDS, and its raw speed against an instant one.
// Run with `npm run bench`; figures go to bench/RESULTS.md.
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/db/client';
import { freshPostgres } from './fresh-postgres';
import { runMigrations } from '@/db/migrate';
import { seedDemoOrganisation } from '@/db/seed/seed';
import type { GdsClient } from '@/gds/gds-client';
import { buildDemoRecords } from '@/gds/simulator/demo-bookings';
import { Clock } from '@/lib/clock';
import { startEngine } from '@/monitoring/engine';
import { startJobQueue } from '@/monitoring/job-queue';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { silentLog } from '../apps/server/test/silent-log';
import { memoryGds } from './memory-gds';
import { ranOn, writeResultsSection } from './results';

const AGENTS = [
  { pcc: 'TLV1', initials: 'MM' },
  { pcc: 'TLV1', initials: 'AA' },
  { pcc: 'TLV1', initials: 'BA' },
  { pcc: 'JRS1', initials: 'BB' },
  { pcc: 'HFA1', initials: 'GG' },
  { pcc: 'HFA1', initials: 'GA' },
];

/** Counts the GDS calls the engine makes, and how many are in flight at most. */
function counting(gds: GdsClient) {
  const counts = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const wrapped = Object.fromEntries(
    Object.entries(gds).map(([name, fn]) => [
      name,
      typeof fn === 'function' && name !== 'now'
        ? async (...args: unknown[]) => {
            counts.calls += 1;
            counts.inFlight += 1;
            counts.maxInFlight = Math.max(counts.maxInFlight, counts.inFlight);
            try {
              return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
            } finally {
              counts.inFlight -= 1;
            }
          }
        : fn,
    ]),
  ) as GdsClient;
  return { gds: wrapped, counts };
}

const START = new Date('2026-03-02T06:00:00Z');

type Run = {
  bookings: number;
  seconds: number;
  checks: number;
  calls: number;
  maxInFlight: number;
};

async function run(
  database: Database,
  options: { bookings: number; latencyMs: number; concurrency: number; seconds: number },
): Promise<Run> {
  await runMigrations(database);
  await seedDemoOrganisation(database.db);
  await ensureDefaultProcessSettings(database.db);
  const perAgent = Math.ceil(options.bookings / AGENTS.length);
  const records = buildDemoRecords(11, AGENTS, START.getTime(), { perAgent }).slice(
    0,
    options.bookings,
  );
  // The product already knows every booking and all are due.
  const values = records.map(
    (r) => sql`(${'SIM'}, ${r.booking.locator}, ${r.booking.pcc}, ${r.booking.agentInitials})`,
  );
  for (let i = 0; i < values.length; i += 1000) {
    await database.db.execute(sql`
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at, next_check_at)
      select v.gds, v.locator, b.agency_id, b.id, a.id, now(), '2000-01-01'
      from (values ${sql.join(values.slice(i, i + 1000), sql`, `)}) as v(gds, locator, pcc, initials)
      join branches b on b.pcc = v.pcc join agents a on a.branch_id = b.id and a.initials = v.initials`);
  }
  const { gds, counts } = counting(memoryGds(records, START, options.latencyMs));
  const boss = await startJobQueue(database, silentLog);
  const engine = await startEngine(
    { db: database.db, gds, clock: new Clock(), log: silentLog },
    boss,
    {
      scheduleEveryMs: 500,
      syncEveryMs: 3_600_000,
      batchSize: options.concurrency,
      concurrency: options.concurrency,
      queuedHoldMs: 3_600_000,
    },
  );
  // Let the first batches start before measuring.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const before = { checks: engine.stats.checks, calls: counts.calls };
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  const seconds = (Date.now() - started) / 1000;
  const result = {
    bookings: options.bookings,
    seconds,
    checks: engine.stats.checks - before.checks,
    calls: counts.calls - before.calls,
    maxInFlight: counts.maxInFlight,
  };
  await engine.stop();
  await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  return result;
}

const rate = (n: number, s: number) => Math.round(n / s);

const lines: string[] = [];
{
  const { database, drop } = await freshPostgres(40);
  try {
    const r = await run(database, {
      bookings: 10_000,
      latencyMs: 100,
      concurrency: 50,
      seconds: 15,
    });
    const perSecond = rate(r.calls, r.seconds);
    lines.push(
      `| PostgreSQL, GDS latency 100 ms, 50 calls in flight, ${r.bookings} due bookings | ${perSecond} GDS calls/s (${Math.round((perSecond / 500) * 100)}% of the 500/s the GDS allows; at most ${r.maxInFlight} in flight) | ${rate(r.checks, r.seconds)} bookings checked/s |`,
    );
  } finally {
    await drop();
  }
}
{
  const { database, drop } = await freshPostgres(40);
  try {
    const r = await run(database, { bookings: 10_000, latencyMs: 0, concurrency: 50, seconds: 10 });
    lines.push(
      `| PostgreSQL, GDS latency 0 | ${rate(r.calls, r.seconds)} GDS calls/s | ${rate(r.checks, r.seconds)} bookings checked/s |`,
    );
  } finally {
    await drop();
  }
}
{
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const r = await run(database, { bookings: 3_000, latencyMs: 0, concurrency: 10, seconds: 10 });
    lines.push(
      `| PGlite, GDS latency 0 | ${rate(r.calls, r.seconds)} GDS calls/s | ${rate(r.checks, r.seconds)} bookings checked/s |`,
    );
  } finally {
    await database.close();
  }
}

const section = `Made by \`npm run bench\` on ${ranOn()}. Each run
starts from a fresh database, records the simulator's demo bookings in the product with every
one due, starts the engine (job queue, scheduler, workers) against a GDS that holds those
bookings in memory and costs only its latency (so the figures are the engine's, not the
simulator's database work), and counts what it does over a fixed window after a 3 s warm-up.
Every check in the window is a booking's first: snapshot and notifications are written.

| setting | throughput | checks |
| --- | --- | --- |
${lines.join('\n')}
`;
console.log(await writeResultsSection('Monitoring engine', section));
process.exit(0);

// `npm run test:soak`: 200 simulated people (agents and managers of a large organisation, and
// the demo users) sign in by SMS and use the SPA's calls for 5 minutes against the real server,
// a child process on PostgreSQL with the monitoring engine and delivery running. Passes (exit 0)
// with zero errors, every p95 within issue 12's targets, and the server's memory flat; writes
// the "Load and soak" section of bench/RESULTS.md either way.
//
// SOAK_SECONDS (300), SOAK_USERS (200), SOAK_THINK_MS ('500-2000', the pause between pages),
// SOAK_SCALE ('full' for issue 12's full organisation; else a smaller one, soak-data.ts),
// SOAK_DATABASE_URL (reuse a database `npm run bench:data` made, instead of a fresh one).
import { cpus, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mb, thousands } from './measure';
import { ranOn, writeResultsSection } from './results';
import { Browser, SoakLog } from './soak-http';
import {
  DASHBOARD_TARGET_MS,
  LIST_TARGET_MS,
  RSS_GROWTH_BOUND,
  figuresPerKind,
  latencyTable,
  memoryFigures,
  percent,
  rssSeries,
} from './soak-report';
import { cpuShares, readCpu } from './soak-cpu';
import { choosePeople, prepare, totalsOf } from './soak-data';
import { engineWorkSince, lastCheckId } from './soak-engine';
import { startServer } from './soak-server';
import type { RssSample } from './soak-server';
import { walk, type ThinkTime, type Walk } from './soak-user';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const THINK = thinkTimeOf(process.env.SOAK_THINK_MS ?? '500-2000');
const FULL = process.env.SOAK_SCALE === 'full';
const RSS_EVERY_MS = 5_000;
/** The load generator's event-loop delay is sampled this often; the figures leave it out. */
const LOOP_RESOLUTION_MS = 10;
/** People arrive over this long, not all in the same second. */
const RAMP_MS = Math.min(30_000, (SECONDS * 1000) / 10);

function thinkTimeOf(text: string): ThinkTime {
  const [min, max] = text.split('-').map(Number);
  if (min === undefined || max === undefined || !(min >= 0) || !(max >= min)) {
    throw new Error(`SOAK_THINK_MS must read like 500-2000, not ${text}`);
  }
  return { min, max };
}

if (!(SECONDS >= 10) || !(USERS >= 1)) throw new Error('SOAK_SECONDS ≥ 10 and SOAK_USERS ≥ 1');

// ---- the run ---------------------------------------------------------------------------------

const prepared = await prepare(FULL, process.env.SOAK_DATABASE_URL);
const { database } = prepared;
const totals = await totalsOf(database);
const people = choosePeople(prepared.people, USERS);
console.log(
  `soak: ${thousands(totals.agencies)} agencies, ${thousands(totals.agents)} agents, ` +
    `${thousands(totals.bookings)} bookings, ${thousands(totals.notifications)} notifications; ` +
    `${people.length} people for ${SECONDS} s`,
);

const server = await startServer(prepared.url);
console.log(`soak: server ${server.pid} listening on ${server.port}`);
const log = new SoakLog();
const started = new Date();
const checkIdBefore = await lastCheckId(database);
const cpuBefore = await readCpu(server.pid);
const rss: RssSample[] = [{ at: 0, bytes: await server.rss() }];
const sampler = setInterval(() => {
  server
    .rss()
    .then((bytes) => rss.push({ at: log.elapsed(), bytes }))
    .catch((error: unknown) => console.error('soak: RSS not read', error));
}, RSS_EVERY_MS);
const progress = setInterval(() => {
  const last = rss.at(-1);
  console.log(
    `soak: ${Math.round(log.elapsed())} s, ${thousands(log.samples.length)} calls, ` +
      `${log.failures.length} errors, RSS ${last ? mb(last.bytes) : '?'}`,
  );
}, 30_000);
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();

const stopAt = Date.now() + SECONDS * 1000;
const deleted = new Set<number>();
const browsers = people.map(
  (_, i) =>
    new Browser(server.port, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`, log),
);
const walks: Walk[] = await Promise.all(
  people.map(async (person, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * RAMP_MS) / people.length));
    try {
      return await walk(browsers[i]!, person, { seed: i + 1, think: THINK, stopAt, deleted });
    } finally {
      browsers[i]!.close();
    }
  }),
);
const ranFor = log.elapsed();
clearInterval(sampler);
clearInterval(progress);
loopDelay.disable();
rss.push({ at: ranFor, bytes: await server.rss() });
const cpu = cpuShares(cpuBefore, await readCpu(server.pid));
const engine = await engineWorkSince(database, started, checkIdBefore);
const exitCode = await server.stop();

// ---- figures and verdicts --------------------------------------------------------------------

const figures = figuresPerKind(log.samples, log.failures);
const memory = memoryFigures(rss, SECONDS);
const serverErrors = server.logLines.filter((line) => line.level >= 50);
const notSignedIn = walks.filter((w) => !w.signedIn).length;
const errors = log.failures.length + serverErrors.length;
const missed = figures.filter((f) => f.met === false);
const passed = errors === 0 && notSignedIn === 0 && missed.length === 0 && memory.flat;
const roles = new Map<string, number>();
for (const w of walks) roles.set(w.role, (roles.get(w.role) ?? 0) + 1);
const pages = walks.reduce((sum, w) => sum + w.pages, 0);
const calls = log.samples.length;
const refusals = [...log.refusals.entries()].map(([what, n]) => `${what}: ${n}`).join(', ');

const failureLines = log.failures
  .slice(0, 10)
  .map((f) => `- ${f.at.toFixed(0)} s, ${f.kind}: ${f.status || 'no answer'} ${f.what}`);
const serverErrorLines = serverErrors.slice(0, 5).map((l) => `- server: ${l.line.slice(0, 300)}`);

// The histogram holds whole intervals between samples: the delay is what exceeds the interval.
const delay = (q: number) =>
  Math.max(0, loopDelay.percentile(q) / 1e6 - LOOP_RESOLUTION_MS).toFixed(0);
const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
const pct = (share: number) => `${Math.round(share * 100)}%`;
const cpuLine = `the ${cpus().length} cores were ${pct(cpu.busy)} busy: the server ${pct(cpu.server)}, PostgreSQL ${pct(cpu.postgres)}, the load generator ${pct(cpu.generator)}, anything else ${pct(cpu.rest)}`;
const verdicts = [
  `zero errors: ${errors === 0 && notSignedIn === 0 ? 'met' : `**missed**: ${log.failures.length} failed calls, ${serverErrors.length} errors in the server's log, ${notSignedIn} people not signed in`}`,
  `p95 of the lists and counters ≤ ${LIST_TARGET_MS} ms and of the dashboard and statistics ≤ ${DASHBOARD_TARGET_MS} ms: ${
    missed.length === 0
      ? 'met'
      : `**missed** by ${missed.map((f) => `${f.kind} (${f.p95.toFixed(0)} ms)`).join(', ')}; over the run ${cpuLine}`
  }`,
  `memory flat (the median RSS of the last ${memory.window.toFixed(0)} s at most ${percent(RSS_GROWTH_BOUND)} over that of the ${memory.window.toFixed(0)} s after a ${memory.warmUp.toFixed(0)} s warm-up): ${memory.flat ? 'met' : '**missed**'}, ${percent(memory.growth)} (${mb(memory.baseline)} → ${mb(memory.last)})`,
];

const section = `Made by \`npm run test:soak\` on ${ranOn()}, ${cpuModel}, ${mb(totalmem())} of memory,
against PostgreSQL ${totals.version} on the same machine. ${
  prepared.drop
    ? `A fresh database filled by \`makeScaleData\` (bench/scale-data.ts) at ${FULL ? 'the full scale' : 'the soak scale (the full organisation with a fifth of the bookings and notifications; `SOAK_SCALE=full` for all of them)'}`
    : 'The database of SOAK_DATABASE_URL, as `npm run bench:data` made it'
}: ${thousands(totals.agencies)} agencies, ${thousands(totals.agents)} agents, ${thousands(totals.users)} users,
${thousands(totals.bookings)} bookings, ${thousands(totals.notifications)} notifications.

The server runs as a child process (\`apps/server/src/server.ts\` under tsx, \`SMT_ROLE=all\`: API,
monitoring engine and delivery, \`APP_ENV=local\`, \`LOG_LEVEL=warn\`, \`TRUST_PROXY=true\` with each
person on an address of their own, as behind a proxy). ${people.length} people (${[
  ...roles.entries(),
]
  .map(([role, n]) => `${n} ${role}`)
  .join(
    ', ',
  )}; the 8 demo users among them) arrive over ${(RAMP_MS / 1000).toFixed(0)} s, sign in by SMS
(code from the dev inbox), then for ${SECONDS} s go from page to page as the SPA does, pausing
${THINK.min / 1000}–${THINK.max / 1000} s between pages: home; the notification columns (pending or
complete, with 'Show More'); a notification's details, its price quotes and its booking's list,
after which agents sometimes flip its switch or delete it; My PNRs (agents: a page, a row's
details, a refresh's result); the detailed and monthly dashboards (managers, every chart at once);
now and then a CSV or XLS; and the unread counters every 15 s meanwhile. Latency is measured by
the load generator (a separate process on the same 2 cores) from sending to the last byte; its
own event-loop delay was p50 ${delay(50)} ms, p99 ${delay(99)} ms.

${thousands(calls)} calls over ${ranFor.toFixed(0)} s (${(calls / ranFor).toFixed(0)} per second), ${thousands(pages)} pages; ${cpuLine}.
Answers outside 2xx that were the right answer: a notification opened after another person
deleted it (404: the overlay's 'Notification is not available'), a switch or delete on one
completed or removed meanwhile (409): ${refusals || 'none'}.

${latencyTable(figures)}

The server's RSS (VmRSS of the child every ${RSS_EVERY_MS / 1000} s): after warm-up
${mb(memory.baseline)}, at the end ${mb(memory.last)}, peak ${mb(memory.peak)}. Every 30 s:
${rssSeries(rss)}.

The engine meanwhile: ${thousands(engine.checks)} booking checks (of
those the engine still keeps, ${thousands(engine.checked)} checked,
${thousands(engine.gone)} gone, ${thousands(engine.failed)} failed),
${thousands(engine.notificationsRaised)} notifications raised, ${thousands(engine.deliveriesSent)}
deliveries sent.${engine.gone > 0 ? " A booking the GDS no longer holds is 'gone': the engine stops watching it." : ''}

Verdict: ${passed ? '**passed**' : '**failed**'}.

${verdicts.map((v) => `- ${v}`).join('\n')}
${failureLines.length + serverErrorLines.length > 0 ? `\nFirst errors:\n\n${[...failureLines, ...serverErrorLines].join('\n')}\n` : ''}`;

console.log(await writeResultsSection('Load and soak', section));
if (server.logLines.length > 0) {
  console.log(
    `soak: the server logged ${server.logLines.length} lines at warn or above; the first:`,
  );
  for (const line of server.logLines.slice(0, 10)) console.log(`  ${line.line.slice(0, 400)}`);
}
console.log(`soak: server exited with ${exitCode}; ${passed ? 'PASSED' : 'FAILED'}`);
// Dropping a fresh database closes its pool; a reused one is only closed.
if (prepared.drop) await prepared.drop();
else await database.close();
process.exit(passed ? 0 : 1);

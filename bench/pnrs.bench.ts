// The My PNRs calls over HTTP (app.inject: routing, sign-in check, validation, the queries,
// serialisation) for one agent who owns 100,000 bookings, on PGlite and on PostgreSQL: the
// list at 50 requests in flight, and the CSV of every booking. Run with `npm run bench`;
// figures go to the "My PNRs calls" section of bench/RESULTS.md.
import { performance } from 'node:perf_hooks';
import {
  DAY_MS,
  PNR_COUNT_LIMIT,
  PNR_CALLS,
  PNR_LIST_PAGE_SIZE,
  type PnrCsvRequest,
  type PnrListRequest,
  type PnrListResponse,
  utcDayOf,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { queryRows, type Database, type Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { DEMO, signIn } from '../apps/server/test/sign-in';
import { onBothDatabases } from './both-databases';
import { median, mb, ms, quantile, streamCsv, thousands, type CsvRun } from './measure';
import { memoryGds } from './memory-gds';
import { ranOn, writeResultsSection } from './results';

const BOOKINGS = 100_000;
/** Share of the bookings with pending notifications, about three each. */
const WITH_NOTIFICATIONS = 0.3;
const CONCURRENCY = 50;
const WARM_UP_ROUNDS = 2;
const RUNS = 1_000;
// A slow shape is timed fewer times, so each database's bench stays within a few minutes.
const BUDGET_S_PER_SHAPE = 15;
const MIN_RUNS = 100;

/**
 * The demo agent AA's bookings, the worst case for one agent's list and CSV, and pending
 * notifications on some of them. Set-based and seeded, so every run builds the same rows.
 */
async function fill(database: Database): Promise<void> {
  const db = database.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      with owner as (
        select a.id as agent_id, a.branch_id, b.agency_id
        from agents a join branches b on b.id = a.branch_id
        where b.pcc = 'TLV1' and a.initials = 'AA'
      ),
      src as (
        select g, (g::bigint * 7919) % 308915776 as code,
          date_trunc('second', now() - random() * interval '180 days') as created,
          date_trunc('minute', now() - interval '30 days' + random() * interval '330 days')
            as departs,
          random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
        from generate_series(1, ${BOOKINGS}) g
      ),
      shaped as (
        select src.*,
          case when r1 < 0.2 then 'OTA' else 'REGULAR' end as type,
          r2 < 0.4 as ticketed,
          least(created + r5 * interval '3 days', now()) as ticketed_at
        from src
      )
      insert into bookings (gds_id, pnr_number, type, agency_id, branch_id, agent_id,
        pnr_created_at, departure_at, ticketed_at, last_purchase_at, is_ticketed, is_voidable,
        is_departed, is_cancelled, ticketing_supported, passengers_count, main_passenger,
        customer_number, carrier_code, flight_number, origin, destination, current_price,
        currency, monitored, next_check_at, last_checked_at)
      select 'SIM',
        chr(65 + (code % 26)::int) || chr(65 + (code / 26 % 26)::int)
          || chr(65 + (code / 676 % 26)::int) || chr(65 + (code / 17576 % 26)::int)
          || chr(65 + (code / 456976 % 26)::int) || chr(65 + (code / 11881376 % 26)::int),
        type, o.agency_id, o.branch_id, o.agent_id, created, departs,
        case when ticketed then ticketed_at end,
        case when not ticketed then created + interval '3 days' end,
        ticketed,
        -- A ticket can be voided on the day it was issued.
        ticketed and ticketed_at > now() - interval '1 day',
        departs < now(), r3 < 0.03, type = 'OTA', 1 + floor(r4 * 4)::int,
        (array['COHEN','LEVI','MIZRAHI','PERETZ','BITON','DAHAN','FRIEDMAN','AVRAHAM',
          'SMITH','GARCIA'])[1 + floor(r2 * 10)::int] || '/' ||
        (array['NOAM','YAEL','DAVID','TAMAR','ARIEL','MAYA','DANIEL','SHIRA','JOHN','ANNA'])
          [1 + floor(r4 * 10)::int],
        case when r5 < 0.5 then 'DK' || (100000 + g)::text end,
        (array['LY','BA','AF','LH','KL','UA','IZ','AZ'])[1 + floor(r3 * 8)::int],
        (100 + (r4 * 899)::int)::text,
        case when r5 < 0.8 then 'TLV' else 'ETM' end,
        (array['LHR','JFK','CDG','FCO','BCN','ATH','BKK','AMS','FRA','MAD'])[1 + floor(r1 * 10)::int],
        round((300 + r2 * 2700)::numeric, 2),
        case when r4 < 0.7 then 'USD' when r4 < 0.9 then 'EUR' else 'ILS' end,
        -- Checked just now, so the list asks the GDS about none of them while it is timed.
        true, now() + r3 * interval '1 hour', now()
      from shaped cross join owner o`);
    // Return trips: each end is a flown leg's departure and arrival airport (decision 032),
    // the way back the next flight number; the main passenger the only one the search sees.
    await tx.execute(sql`
      update bookings set origins = array[origin, destination], destinations = array[destination, origin],
        flights = array[carrier_code || flight_number,
          carrier_code || (flight_number::int + 1)::text],
        passengers = array[main_passenger]
      where origin is not null and cardinality(origins) = 0`);
    await tx.execute(sql`
      with chosen as (
        select b.id as booking_id, b.agency_id, b.branch_id, b.agent_id, b.pnr_number,
          b.carrier_code || b.flight_number as flight, 2 + floor(random() * 3)::int as count
        from bookings b
        where random() < ${WITH_NOTIFICATIONS}
      ),
      src as (
        select chosen.*, k, random() as r_type, random() as r_status, random() as r_time
        from chosen cross join lateral generate_series(1, chosen.count) k
      ),
      typed as (
        select src.*,
          case when r_type < 0.30 then 'Reprice' when r_type < 0.40 then 'Churning'
            when r_type < 0.45 then 'SegmentRemoval' when r_type < 0.70 then 'TicketingDue'
            when r_type < 0.90 then 'Reschedule' else 'HoldsWaitlist' end as type,
          date_trunc('second', now() - r_time * interval '30 days') as at
        from src
      )
      insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
        subtype, status, title, title_message, notification_time, payload, data, dedupe_key,
        created_at, updated_at)
      select booking_id, agency_id, branch_id, agent_id, type,
        case type when 'Reprice' then 'REPRICE' when 'TicketingDue' then 'TICKETING_DUE'
          when 'Reschedule' then 'RESCHEDULE' when 'HoldsWaitlist' then 'WAITLIST'
          else 'ADM' end,
        'Pending', case when r_status < 0.4 then 'NEW' else 'READ' end,
        type, type || ' on ' || flight, at,
        jsonb_build_object('alerts', jsonb_build_array(jsonb_build_object('text', type)),
          'remarks', '[]'::jsonb, 'last_purchase_date', null,
          'segment_classes', jsonb_build_array('Y')),
        jsonb_build_object('pnr', jsonb_build_object('id', pnr_number)),
        left(type, 2) || ':' || k, at, at
      from typed`);
  });
  // A live database is vacuumed and analysed by autovacuum; a fresh load is not yet.
  await db.execute(
    database.kind === 'postgres'
      ? sql`vacuum (analyze) bookings, notifications`
      : sql`analyze bookings, notifications`,
  );
}

type Totals = {
  bookings: number;
  notifications: number;
  withNotifications: number;
  ticketed: number;
  ota: number;
  version: string;
};

async function totalsOf(db: Db): Promise<Totals> {
  const [totals] = await queryRows<Totals>(
    db,
    sql`select count(*)::int as bookings,
      (select count(*) from notifications)::int as notifications,
      (select count(distinct booking_id) from notifications)::int as "withNotifications",
      (count(*) filter (where is_ticketed))::int as ticketed,
      (count(*) filter (where type = 'OTA'))::int as ota,
      current_setting('server_version') as version
    from bookings`,
  );
  if (!totals || totals.bookings !== BOOKINGS) throw new Error('the bookings were not loaded');
  return totals;
}

type Shape = { what: string; body: PnrListRequest };

type ShapeTiming = {
  what: string;
  /** What the call counts: the matches, or the count's limit with a '+' past it. */
  matching: string;
  runs: number;
  seconds: number;
  times: number[];
};

/** One list call, refused unless it answers a full first page of what the shape matches. */
async function listPage(app: App, headers: Record<string, string>, body: PnrListRequest) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${PNR_CALLS.list}`,
    headers,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`pnrList: ${res.statusCode} ${res.body}`);
  const answer = res.json<PnrListResponse>();
  if (answer.pnrs.length !== PNR_LIST_PAGE_SIZE || !answer.hasMore) {
    throw new Error(`pnrList answered ${answer.pnrs.length} rows of ${answer.total}`);
  }
  return answer;
}

/** `total` calls, CONCURRENCY of them in flight at every moment; the latency of each. */
async function inFlight(
  app: App,
  headers: Record<string, string>,
  body: PnrListRequest,
  total: number,
): Promise<number[]> {
  const times: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < total) {
      issued += 1;
      const before = performance.now();
      await listPage(app, headers, body);
      times.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

/**
 * Times one request shape at CONCURRENCY in flight: warm-up rounds first, the last of which
 * also tells how many calls fit the shape's budget, then RUNS calls or that many.
 */
async function timeShape(
  app: App,
  headers: Record<string, string>,
  shape: Shape,
): Promise<ShapeTiming> {
  const first = await listPage(app, headers, shape.body);
  const matching = `${thousands(first.total)}${first.totalCapped ? '+' : ''}`;
  let perSecond = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    const started = performance.now();
    await inFlight(app, headers, shape.body, CONCURRENCY);
    perSecond = CONCURRENCY / ((performance.now() - started) / 1000);
  }
  const affordable = Math.floor((perSecond * BUDGET_S_PER_SHAPE) / CONCURRENCY) * CONCURRENCY;
  const runs = Math.min(RUNS, Math.max(MIN_RUNS, affordable));
  const started = performance.now();
  const times = await inFlight(app, headers, shape.body, runs);
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { what: shape.what, matching, runs, seconds, times };
}

/** The shapes an agent's list takes; the dates are the last 30 days, whenever it runs. */
function shapes(now: Date): Shape[] {
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  return [
    { what: 'newest first, first page', body: {} },
    { what: 'newest first, offset 50,000', body: { offset: 50_000 } },
    { what: "name search 'COHEN'", body: { customerName: 'COHEN' } },
    { what: "search box 'cohen'", body: { search: 'cohen' } },
    { what: "search box flight '541'", body: { search: '541' } },
    {
      what: 'created in the last 30 days',
      body: { creationDate: { from: utcDayOf(monthAgo), to: utcDayOf(now) } },
    },
    { what: 'by departure, ascending', body: { column: 'flightDate', direction: 'asc' } },
    {
      what: 'by pending notifications, descending',
      body: { column: 'notifications', direction: 'desc' },
    },
    { what: "not ticketed, airline 'LY'", body: { isTicketed: 'No', airline: 'LY' } },
  ];
}

type Measured = {
  label: string;
  loadSeconds: number;
  totals: Totals;
  timings: ShapeTiming[];
  csv: CsvRun;
};

async function measure(label: string, database: Database): Promise<Measured> {
  await runMigrations(database);
  await seedDemoOrganisation(database.db);
  const loadStarted = performance.now();
  await fill(database);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(`${label}: loaded in ${loadSeconds.toFixed(0)} s`);
  const totals = await totalsOf(database.db);

  const app = await buildApp({
    env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
    database,
    gds: memoryGds([], new Date(), 0),
    logger: false,
    webDistDir: '/none',
  });
  try {
    await app.ready();
    const { headers } = await signIn(app, DEMO.agent);
    const timings: ShapeTiming[] = [];
    for (const shape of shapes(new Date())) {
      const timing = await timeShape(app, headers, shape);
      console.log(
        `${label}: ${timing.what}: p95 ${quantile(timing.times, 0.95).toFixed(1)} ms over ${timing.runs}`,
      );
      timings.push(timing);
    }
    // A refresh would write to the bookings while they are timed: the load rules it out.
    const [refreshed] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from bookings where sync_job_id is not null`,
    );
    if (refreshed?.count !== 0) throw new Error(`${refreshed?.count} bookings were refreshed`);

    const search: PnrCsvRequest = {};
    const csv = await streamCsv(app, {
      url: `/api/${PNR_CALLS.listCsv}`,
      headers,
      payload: { request: JSON.stringify(search) },
    });
    if (csv.rows !== BOOKINGS) throw new Error(`the CSV has ${csv.rows} rows, not ${BOOKINGS}`);
    console.log(`${label}: CSV in ${csv.seconds.toFixed(1)} s`);
    return { label, loadSeconds, totals, timings, csv };
  } finally {
    await app.close();
  }
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

const benchStarted = performance.now();
const results: Measured[] = await onBothDatabases(measure);

const versionOf = (label: string) =>
  results.find((r) => r.label === label)?.totals.version.split(' ')[0] ?? '?';
const shown = results[0]?.totals;
if (!shown) throw new Error('nothing measured');
const section = `Made by \`npm run bench\` on ${ranOn()} against PGlite ${versionOf('PGlite')} (in
memory, in this process) and PostgreSQL ${versionOf('PostgreSQL')} (a fresh database, through the
server's default pool of 10 connections), one after the other. Each database gets the demo
organisation and ${thousands(shown.bookings)} bookings all owned by the demo agent AA, the worst
case for one agent's list and CSV: created over the past 180 days, departing from 30 days ago to
300 days ahead, ${pct(shown.ticketed, shown.bookings)} ticketed, ${pct(shown.ota, shown.bookings)}
OTA, 3% cancelled, and ${thousands(shown.notifications)} pending notifications on
${thousands(shown.withNotifications)} of them; loaded with set-based SQL, then analysed (and
vacuumed on PostgreSQL). Every booking was checked just now, so no call asks the GDS again. The
agent, signed in by SMS, calls ${PNR_CALLS.list} through \`app.inject\` with ${CONCURRENCY}
requests in flight at every moment: each request shape gets ${WARM_UP_ROUNDS} warm-up rounds,
then ${thousands(RUNS)} requests (a slow one fewer, as many as fit in ${BUDGET_S_PER_SHAPE} s, at
least ${MIN_RUNS}); every answer is a full page of ${PNR_LIST_PAGE_SIZE}. Matching: the bookings
the request's filter finds. Latencies are per request, waiting in line included.

| database | request | matching | median (ms) | p95 (ms) | p99 (ms) | requests/s | runs |
| --- | --- | --- | --- | --- | --- | --- | --- |
${results
  .flatMap((r) =>
    r.timings.map(
      (t) =>
        `| ${r.label} | ${t.what} | ${t.matching} | ${ms(median(t.times))} | ${ms(quantile(t.times, 0.95))} | ${ms(quantile(t.times, 0.99))} | ${thousands(Math.round(t.runs / t.seconds))} | ${t.runs} |`,
    ),
  )
  .join('\n')}

Where the time goes (EXPLAIN ANALYZE on PostgreSQL, one request at a time): a page read in the
order of an index (newest first, by departure) costs well under a millisecond, and the count
behind the pager stops at ${thousands(PNR_COUNT_LIMIT)} matches, so those shapes are bounded by
the server's own work. A filter matching fewer than that (a name, an airline) counts by reading
every one of the agent's bookings; a deep offset walks the rows it skips; the notifications sort
counts every pending notification of the agent and sorts all their bookings. With a hundred
thousand bookings on one agent these cost tens of milliseconds each, and at ${CONCURRENCY} in
flight the wait in line multiplies them.

${PNR_CALLS.listCsv} with no filter (every booking, newest first), read as a stream once after a
full garbage collection; the RSS is this process's, which serves the call (and, on PGlite, holds
the database too):

| database | rows | seconds | rows/s | CSV size | peak RSS growth while streaming |
| --- | --- | --- | --- | --- | --- |
${results
  .map(
    ({ label, csv }) =>
      `| ${label} | ${thousands(csv.rows)} | ${csv.seconds.toFixed(1)} | ${thousands(Math.round(csv.rows / csv.seconds))} | ${mb(csv.bytes)} | ${((csv.rssPeak - csv.rssBefore) / 1024 / 1024).toFixed(1)} MB (from ${mb(csv.rssBefore)}) |`,
  )
  .join('\n')}
`;
console.log(await writeResultsSection('My PNRs calls', section));
for (const r of results) console.log(`${r.label}: loaded in ${r.loadSeconds.toFixed(0)} s`);
console.log(`pnrs bench: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
process.exit(0);

// The notification calls over HTTP (app.inject: routing, sign-in check, validation, the
// queries, serialisation) against a large PostgreSQL database. Run with `npm run bench`;
// figures go to the "Notification calls" section of bench/RESULTS.md.
import { performance } from 'node:perf_hooks';
import {
  NOTIFICATION_CALLS,
  NotificationData,
  NotificationPayload,
  type NotificationCsvRequest,
} from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { freshPostgres } from './fresh-postgres';
import { runMigrations } from '@/db/migrate';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { DEMO, signIn } from '../apps/server/test/sign-in';
import { median, mb, ms, quantile, streamCsv, thousands, type CsvRun } from './measure';
import { memoryGds } from './memory-gds';
import { ranOn, writeResultsSection } from './results';

const BOOKINGS = 20_000;
const NOTIFICATIONS_PER_BOOKING = 15;
const WARM_UP = 20;
const RUNS = 200;
// A slow call is timed fewer times so the whole bench stays within a few minutes.
const BUDGET_MS_PER_CALL = 5_000;
const MIN_RUNS = 50;

/**
 * Bookings spread over every agent identity, and notifications of every panel group on them,
 * shaped as the engine writes them (payload, booking data, saving on reprices). Set-based:
 * a few statements, seeded so every run builds the same rows.
 */
async function fill(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      with agent_list as (
        select (row_number() over (order by a.id) - 1)::int as i, a.id as agent_id,
          a.branch_id, b.agency_id
        from agents a join branches b on b.id = a.branch_id
      ),
      src as (
        select g, (g::bigint * 7919) % 308915776 as code,
          now() - interval '200 days' + random() * interval '20 days' as created,
          random() as r1, random() as r2, random() as r3, random() as r4
        from generate_series(1, ${BOOKINGS}) g
      )
      insert into bookings (gds_id, pnr_number, type, agency_id, branch_id, agent_id,
        pnr_created_at, departure_at, last_purchase_at, is_ticketed, passengers_count,
        main_passenger, carrier_code, flight_number, origin, destination, current_price, currency,
        next_check_at, last_checked_at, created_at, updated_at)
      select 'SIM',
        chr(65 + (code % 26)::int) || chr(65 + (code / 26 % 26)::int)
          || chr(65 + (code / 676 % 26)::int) || chr(65 + (code / 17576 % 26)::int)
          || chr(65 + (code / 456976 % 26)::int) || chr(65 + (code / 11881376 % 26)::int),
        'REGULAR', al.agency_id, al.branch_id, al.agent_id, created,
        date_trunc('hour', created + interval '30 days' + r1 * interval '240 days'),
        created + interval '3 days', r2 < 0.4, 1 + floor(r3 * 3)::int,
        (array['COHEN','LEVI','MIZRAHI','PERETZ','BITON','DAHAN','FRIEDMAN','AVRAHAM',
          'SMITH','GARCIA'])[1 + floor(r2 * 10)::int] || '/' ||
        (array['NOAM','YAEL','DAVID','TAMAR','ARIEL','MAYA','DANIEL','SHIRA','JOHN','ANNA'])
          [1 + floor(r4 * 10)::int],
        (array['LY','BA','AF','LH','KL','UA','IZ','AZ'])[1 + floor(r3 * 8)::int],
        (100 + (r4 * 899)::int)::text, 'TLV',
        (array['LHR','JFK','CDG','FCO','BCN','ATH','BKK','AMS','FRA','MAD'])[1 + floor(r1 * 10)::int],
        round((300 + r2 * 2700)::numeric, 2),
        case when r4 < 0.7 then 'USD' when r4 < 0.9 then 'EUR' else 'ILS' end,
        now() + r3 * interval '1 hour', now() - r1 * interval '1 hour', created, created
      from src join agent_list al on al.i = src.g % (select count(*) from agent_list)`);
    // Return trips: each end is a flown leg's departure and arrival airport (decision 032).
    await tx.execute(sql`
      update bookings set origins = array[origin, destination], destinations = array[destination, origin]
      where origin is not null and cardinality(origins) = 0`);
    await tx.execute(sql`
      with src as (
        select b.id as booking_id, b.agency_id, b.branch_id, b.agent_id, b.pnr_number,
          b.is_ticketed, b.passengers_count, br.pcc, a.initials, b.carrier_code as airline,
          b.flight_number, b.origin, b.destination, b.departure_at, b.currency as booking_currency,
          split_part(b.main_passenger, '/', 1) as last_name,
          split_part(b.main_passenger, '/', 2) as first_name, k,
          random() as r_group, random() as r_subtype, random() as r_status,
          random() as r_time, random() as r_value
        from bookings b
        join agents a on a.id = b.agent_id
        join branches br on br.id = b.branch_id
        cross join generate_series(1, ${NOTIFICATIONS_PER_BOOKING}) k
      ),
      shaped as (
        select src.*,
          case
            when r_group < 0.30 then 'REPRICE' when r_group < 0.45 then 'ADM'
            when r_group < 0.70 then 'TICKETING_DUE' when r_group < 0.90 then 'RESCHEDULE'
            else 'WAITLIST'
          end as grp,
          case when r_subtype < 0.80 then 'Pending' when r_subtype < 0.95 then 'Complete'
            else 'Failed' end as subtype,
          case when r_status < 0.03 then 'DEL' when r_status < 0.40 then 'NEW' else 'READ' end
            as status,
          date_trunc('second', now() - r_time * interval '180 days') as at,
          airline || flight_number as flight,
          initcap(first_name) || ' ' || initcap(last_name) as contact,
          lower(first_name) || '.' || lower(last_name) || '@example.com' as email,
          to_char(departure_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as departs,
          to_char((departure_at + interval '5 hours') at time zone 'UTC', 'YYYY-MM-DD HH24:MI')
            as arrives,
          to_char((departure_at + interval '7 days') at time zone 'UTC', 'YYYY-MM-DD HH24:MI')
            as returns,
          to_char((departure_at + interval '7 days 5 hours') at time zone 'UTC',
            'YYYY-MM-DD HH24:MI') as returns_arrive,
          round((20 + r_value * 380)::numeric, 2) as saving
        from src
      ),
      typed as (
        select shaped.*,
          case grp
            when 'REPRICE' then 'Reprice' when 'TICKETING_DUE' then 'TicketingDue'
            when 'RESCHEDULE' then 'Reschedule' when 'WAITLIST' then 'HoldsWaitlist'
            else case when r_value < 0.5 then 'Churning' else 'SegmentRemoval' end
          end as type,
          jsonb_build_object('from', origin, 'to', destination, 'airline', airline,
            'flight_number', flight_number, 'flight_class', 'Y', 'status', 'HK',
            'departure', departs, 'arrival', arrives) as outbound,
          jsonb_build_object('from', destination, 'to', origin, 'airline', airline,
            'flight_number', (flight_number::int + 1)::text, 'flight_class', 'Y',
            'status', 'HK', 'departure', returns, 'arrival', returns_arrive) as inbound
        from shaped
      ),
      worded as (
        select typed.*,
          case type
            when 'Reprice' then 'Reprice opportunity' when 'TicketingDue' then 'Ticketing due'
            when 'Reschedule' then 'Schedule change' when 'HoldsWaitlist' then 'Waitlist cleared'
            when 'Churning' then 'Churning' else 'Inactive segment'
          end as title,
          case type
            when 'Reprice' then 'Save ' || saving || ' ' || booking_currency
              || ' by repricing to YLOW' || upper(left(destination, 2))
            when 'TicketingDue' then 'Issue tickets by ' || to_char(at + interval '2 days',
              'DD/MM/YYYY HH24:MI') || ' UTC'
            when 'Reschedule' then 'Schedule change on ' || flight
            when 'HoldsWaitlist' then 'Seats available on ' || flight || ' ' || origin || '-'
              || destination || ' on ' || to_char(departs::timestamp, 'DD/MM/YYYY HH24:MI')
            when 'Churning' then flight || ' on ' || to_char(departs::timestamp,
              'DD/MM/YYYY HH24:MI') || ' cancelled 3 times'
            else 'Remove HX flight ' || flight || ' ' || origin || '-' || destination || ' on '
              || to_char(departs::timestamp, 'DD/MM/YYYY HH24:MI')
          end as title_message,
          case type
            when 'Reprice' then 'A lower fare saves ' || saving || ' ' || booking_currency
            when 'TicketingDue' then 'Ticketing deadline in 2 days: ' || to_char(
              at + interval '2 days', 'DD/MM/YYYY HH24:MI') || ' UTC'
            when 'Reschedule' then flight || ' now departs 2 hours later'
            when 'HoldsWaitlist' then 'The waitlist for ' || flight
              || ' cleared (KL): confirm the seats'
            when 'Churning' then flight || ' was booked and cancelled 3 times: ADM risk'
            else flight || ' is HX: remove it before the airline charges an ADM'
          end as alert
        from typed
      )
      insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
        subtype, status, title, title_message, readonly, contact_name, pnr_summary,
        notification_time, payload, data, dedupe_key, potential_saving, actual_saving, currency,
        completed_at, created_at, updated_at)
      select booking_id, agency_id, branch_id, agent_id, type, grp, subtype, status, title,
        title_message, subtype <> 'Pending' or status = 'DEL', contact,
        origin || '-' || destination || ' ' || flight || ' ' || departs, at,
        jsonb_build_object(
          'alerts', jsonb_build_array(jsonb_build_object('text', alert)),
          'remarks', case when r_value < 0.2 then jsonb_build_array('CLIENT PREFERS AISLE')
            else '[]'::jsonb end,
          'last_purchase_date', case when type in ('Reprice', 'TicketingDue')
            then to_char(at + interval '2 days', 'YYYY-MM-DD HH24:MI') end,
          'segment_classes', jsonb_build_array('Y', 'Y'),
          'segment_ids', jsonb_build_array('1', '2')),
        jsonb_build_object(
          'pnr', jsonb_build_object('id', pnr_number, 'pcc', pcc, 'creator', initials,
            'is_cancelled', false, 'is_ticketed', is_ticketed, 'is_voidable', false,
            'is_departed', false),
          'contact', jsonb_build_object('name', contact, 'phone', '+972541111111',
            'email', email),
          'passengers', (select jsonb_agg(jsonb_build_object('title', 'MR',
              'first_name', initcap(first_name), 'last_name', initcap(last_name),
              'type', case when p = 1 then 'ADT' else 'CHD' end,
              'phone', case when p = 1 then '+972541111111' end,
              'email', case when p = 1 then email end))
            from generate_series(1, passengers_count) p),
          'cars', '[]'::jsonb,
          'hotels', case when r_value > 0.8 then jsonb_build_array(jsonb_build_object(
              'hotel_name', 'Harbour View', 'city', destination, 'country', 'GB',
              'start', left(arrives, 10), 'end', left(returns, 10), 'cost', 840,
              'status', 'HK')) else '[]'::jsonb end,
          'flights', jsonb_build_array(outbound, inbound),
          'sc', case when type = 'Reschedule' then jsonb_build_object(
              'newFlights', jsonb_build_array(outbound || jsonb_build_object('departure',
                to_char((departure_at + interval '2 hours') at time zone 'UTC',
                  'YYYY-MM-DD HH24:MI'))),
              'oldFlights', jsonb_build_array(outbound)) end),
        left(type, 2) || ':' || k, case when type = 'Reprice' then saving end,
        case when type = 'Reprice' and subtype = 'Complete' then saving end,
        case when type = 'Reprice' then booking_currency end,
        case when subtype <> 'Pending' then at + interval '1 hour' end, at, at
      from worded`);
  });
  // A live database is vacuumed and analysed by autovacuum; a fresh load is not yet.
  await db.execute(sql`vacuum (analyze) bookings, notifications`);
}

/** The generated rows read as the product's own: a few of each type against the contract. */
async function checkShape(db: Db): Promise<void> {
  const rows = await queryRows<{ payload: unknown; data: unknown }>(
    db,
    sql`select payload, data from (
      select payload, data, row_number() over (partition by type order by id) as nth
      from notifications) as sample where nth <= 20`,
  );
  for (const row of rows) {
    NotificationPayload.parse(row.payload);
    NotificationData.parse(row.data);
  }
}

type Timing = { call: string; caller: string; what: string; runs: number; times: number[] };

type Call = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: object;
};

async function ok(app: App, request: Call) {
  const res = await app.inject(request);
  if (res.statusCode !== 200) {
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  }
  return res;
}

/** Times one call: warm-up first, then RUNS calls or as many as the budget allows. */
async function timeCall(
  app: App,
  label: Omit<Timing, 'runs' | 'times'>,
  request: Call,
  check: (body: unknown) => void,
): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i += 1) check((await ok(app, request)).json());
  const times: number[] = [];
  const started = performance.now();
  while (
    times.length < RUNS &&
    (times.length < MIN_RUNS || performance.now() - started < BUDGET_MS_PER_CALL)
  ) {
    const before = performance.now();
    await ok(app, request);
    times.push(performance.now() - before);
  }
  times.sort((a, b) => a - b);
  return { ...label, runs: times.length, times };
}

const benchStarted = performance.now();
const { database, drop } = await freshPostgres(10);
let section: string;
try {
  const db = database.db;
  await runMigrations(database);
  await seedDemoOrganisation(db);
  const loadStarted = performance.now();
  await fill(db);
  await checkShape(db);
  console.log(`loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);

  const [totals] = await queryRows<{
    bookings: number;
    notifications: number;
    deleted: number;
    pending: number;
    unread: number;
    version: string;
  }>(
    db,
    sql`select (select count(*) from bookings)::int as bookings,
      count(*)::int as notifications,
      (count(*) filter (where status = 'DEL'))::int as deleted,
      (count(*) filter (where subtype = 'Pending'))::int as pending,
      (count(*) filter (where status = 'NEW'))::int as unread,
      current_setting('server_version') as version
    from notifications`,
  );
  if (!totals) throw new Error('nothing loaded');
  const [ids] = await queryRows<{ agency: number; agent: number }>(
    db,
    sql`select (select id from agencies where name = 'Demo Travel') as agency,
      (select id from agents where initials = 'AA') as agent`,
  );
  if (!ids) throw new Error('demo organisation missing');
  const visible = async (where: SQL) => {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from notifications where status <> 'DEL' and ${where}`,
    );
    return row?.count ?? 0;
  };
  const seen = {
    agent: await visible(sql`agent_id = ${ids.agent}`),
    manager: await visible(sql`agency_id = ${ids.agency}`),
    superUser: await visible(sql`true`),
  };

  const app = await buildApp({
    env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
    database,
    gds: memoryGds([], new Date(), 0),
    logger: false,
    webDistDir: '/none',
  });
  await app.ready();
  const callers = {
    agent: {
      name: `agent (personal, ${thousands(seen.agent)} rows)`,
      headers: (await signIn(app, DEMO.agent)).headers,
      filter: { fetchType: 'personal' },
    },
    manager: {
      name: `manager (all, ${thousands(seen.manager)} rows)`,
      headers: (await signIn(app, DEMO.manager)).headers,
      filter: { fetchType: 'all' },
    },
    superUser: {
      name: `super user (all, ${thousands(seen.superUser)} rows)`,
      headers: (await signIn(app, DEMO.superUser)).headers,
      filter: { fetchType: 'all' },
    },
  } as const;
  const who = Object.values(callers);

  const pageOf = (expected: number) => (body: unknown) => {
    const count = (body as { notifications: unknown[] }).notifications.length;
    if (count !== expected) throw new Error(`expected a page of ${expected}, got ${count}`);
  };
  const anything = () => undefined;
  const timings: Timing[] = [];
  const list = (caller: (typeof who)[number], what: string, body: object) =>
    timeCall(
      app,
      { call: NOTIFICATION_CALLS.list, caller: caller.name, what },
      {
        method: 'POST',
        url: `/api/${NOTIFICATION_CALLS.list}`,
        headers: caller.headers,
        payload: { ...caller.filter, ...body },
      },
      pageOf(10),
    );
  for (const caller of who) {
    timings.push(await list(caller, 'RECENT, first page', { group: 'RECENT', chunk: 10 }));
    timings.push(await list(caller, 'REPRICE, first page', { group: 'REPRICE', chunk: 10 }));
    timings.push(
      await list(caller, 'RECENT, offset 1,000', { group: 'RECENT', chunk: 10, offset: 1000 }),
    );
  }
  for (const caller of who) {
    timings.push(
      await timeCall(
        app,
        { call: NOTIFICATION_CALLS.unreadCounters, caller: caller.name, what: 'every group' },
        {
          method: 'POST',
          url: `/api/${NOTIFICATION_CALLS.unreadCounters}`,
          headers: caller.headers,
          payload: caller.filter,
        },
        anything,
      ),
    );
  }
  timings.push(
    await timeCall(
      app,
      { call: NOTIFICATION_CALLS.allStats, caller: callers.manager.name, what: 'type=Agency' },
      {
        method: 'GET',
        url: `/api/${NOTIFICATION_CALLS.allStats}?type=Agency`,
        headers: callers.manager.headers,
      },
      anything,
    ),
  );

  // The agent's and the whole agency's: a stream grows memory alike for four times the rows.
  const everything = { group: 'RECENT', subtype: ['Pending', 'Complete', 'Failed'] } as const;
  const exports = [
    { label: 'agent (personal)', caller: callers.agent, rows: seen.agent },
    { label: "manager (all: the agency's)", caller: callers.manager, rows: seen.manager },
  ];
  const csvRuns: (CsvRun & { caller: string })[] = [];
  for (const { label, caller, rows } of exports) {
    const run = await streamCsv(app, {
      url: `/api/${NOTIFICATION_CALLS.listCsv}`,
      headers: caller.headers,
      payload: { ...caller.filter, ...everything } satisfies NotificationCsvRequest,
    });
    if (run.rows !== rows) throw new Error(`the CSV has ${run.rows} rows, not ${rows}`);
    csvRuns.push({ ...run, caller: label });
  }
  await app.close();

  const pct = (part: number) => `${Math.round((part / totals.notifications) * 100)}%`;
  section = `Made by \`npm run bench\` on ${ranOn()} against PostgreSQL
${totals.version.split(' ')[0]}: a fresh database with the demo organisation (3 branches, 6 agent
identities), ${thousands(totals.bookings)} bookings and ${thousands(totals.notifications)}
notifications over every agent and panel group and the past 180 days (${pct(totals.pending)}
pending, ${pct(totals.unread)} unread, ${pct(totals.deleted)} deleted), loaded with set-based SQL,
vacuumed and analysed. Each call goes through \`app.inject\` as a demo user signed in by SMS, one
at a time, timed ${RUNS} times after ${WARM_UP} warm-up calls (a slow one fewer times, at least
${MIN_RUNS}). Rows: the notifications the caller's filter sees, deleted ones left out.

| call | caller | request | median (ms) | p95 (ms) | runs |
| --- | --- | --- | --- | --- | --- |
${timings
  .map(
    (t) =>
      `| ${t.call} | ${t.caller} | ${t.what} | ${ms(median(t.times))} | ${ms(quantile(t.times, 0.95))} | ${t.runs} |`,
  )
  .join('\n')}

${NOTIFICATION_CALLS.listCsv} of every group and subtype, read as a stream, once each after a
full garbage collection; the RSS is this process's, which serves the call:

| caller | rows | seconds | rows/s | CSV size | peak RSS growth while streaming |
| --- | --- | --- | --- | --- | --- |
${csvRuns
  .map(
    (run) =>
      `| ${run.caller} | ${thousands(run.rows)} | ${run.seconds.toFixed(1)} | ${thousands(Math.round(run.rows / run.seconds))} | ${mb(run.bytes)} | ${((run.rssPeak - run.rssBefore) / 1024 / 1024).toFixed(1)} MB (from ${mb(run.rssBefore)}) |`,
  )
  .join('\n')}
`;
} finally {
  await drop();
}
console.log(await writeResultsSection('Notification calls', section));
console.log(`notifications bench: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
process.exit(0);

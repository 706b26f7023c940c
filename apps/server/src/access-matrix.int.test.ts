import {
  ApiErrorBody,
  HTTP_STATUS_OF,
  errorMessages,
  type ServerRole,
  type ShareData,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { scopeOf, type Scope } from '@/db/scope';
import {
  MISSING_ID,
  NO_RECORDS,
  REQUESTS,
  missingOf,
  type ManagedUser,
  type Records,
  type Request,
  type RequestContext,
} from '../test/access-requests';
import { createNotificationsWorld, type NotificationsWorld } from '../test/notifications-world';
import { nameOf, openApiRoutesOf, type Route } from '../test/openapi-routes';
import { ROUTE_ACCESS, verdictOf, type Verdict } from '../test/route-access';
import { DEMO, signIn, type DemoPerson } from '../test/sign-in';
import { TEST_DATABASE_KINDS } from '../test/test-database';

// Issue 12, part 6: every route of the OpenAPI document, called by every demo user, a new
// registered user and nobody, is allowed or refused as its entry in test/route-access.ts says
// (SPEC §6); and no call hands anyone another agent's, branch's or agency's records.

type Person = keyof typeof DEMO | 'newUser';

/** An unknown phone and e-mail pair: signing in makes a new registered user. */
const NEWCOMER: DemoPerson = { email: 'newcomer@matrix.test', phone: '+972509990001' };
const PERSONS: Record<Person, DemoPerson> = { ...DEMO, newUser: NEWCOMER };

/**
 * Calls that end or replace the caller's session (or the caller): they run last, and the
 * caller signs in again after each, unregister at the very end.
 */
const SESSION_ENDERS = [
  'POST /api/xapi/user/profile',
  'POST /api/admin/management/impersonate/switch_user',
  'GET /api/logout',
  'DELETE /api/xapi/unregister/v1',
];

/** A route's inputs that name a record or a part of the organisation. */
const ID_FIELD =
  /^id$|Ids?$|_ids?$|_key$|^pnrNumber$|^syncJobId$|^agencies$|^username$|^locator$|^endpoint$/;

/** Routes that take such an input but are not looked at for leaks, and why. */
const NOT_PROBED: Record<string, string> = {
  'GET /api/dev/gds/bookings/{locator}': 'a dev tool of the simulated GDS, absent in production',
  'POST /api/dev/gds/bookings/{locator}/ticketed': 'a dev tool of the simulated GDS',
  'POST /api/dev/gds/bookings/{locator}/ticketing-script': 'a dev tool of the simulated GDS',
  'POST /api/push/subscribe':
    "the endpoint is the browser's, not a record: one another user holds is refused with a 409 " +
    'that names no one, and never moves (push.service)',
  'POST /api/webhooks/duffel/{connectionId}':
    'public: a delivery without the signature of the connection it names hears 401, an unknown ' +
    "connection's too (duffel-webhook.routes), whoever sends it",
};

/**
 * Routes whose answer to another's record may differ from their answer to no record, and why:
 * everywhere else the two must be the same, so that not even existence shows.
 */
const EXISTENCE_SHOWS: Record<string, string> = {
  'POST /api/admin/management/impersonate/switch_user':
    'the route says so: 404 for an unknown phone, 403 for a user outside the scope',
};

type Caller = {
  person: Person;
  identity: DemoPerson;
  headers: Record<string, string>;
  cookie: string;
  roles: ServerRole[];
  betaFeatures: string[];
  scope: Scope['kind'];
  name: string;
  records: Records;
  shareLink: RequestContext['shareLink'];
};

/** Another's records as a probe names them: one part of the organisation at a time. */
type Foreign = {
  owner: Person;
  distance: 'agent' | 'branch' | 'agency';
  variants: Records[];
  markers: string[];
};

type UserRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  roles: ServerRole[];
  beta_features: string[];
  multi_agent_access: boolean;
  agency_id: number | null;
  branch_id: number | null;
  agent_id: number | null;
};

const errorBodyOf = (res: LightMyRequestResponse): ApiErrorBody | null => {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(res.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Problems with an error answer's shape: CONTRACT's body, its code matching the status. */
function shapeProblems(res: LightMyRequestResponse): string[] {
  if (res.statusCode < 400) return [];
  const body = errorBodyOf(res);
  if (!body) return ["an error body not in CONTRACT's shape"];
  if (HTTP_STATUS_OF[body.code] !== res.statusCode) {
    return [`code ${body.code} with status ${res.statusCode}`];
  }
  return [];
}

/** Whether an answer is what the verdict asks for; the problems found if not. */
function verdictProblems(
  verdict: Verdict,
  res: LightMyRequestResponse,
  scopeRefusal: 403 | 404 = 403,
): string[] {
  const problems = shapeProblems(res);
  const status = res.statusCode;
  const message = errorBodyOf(res)?.message;
  if (status >= 500) return [...problems, `a ${status}`];
  switch (verdict) {
    case 'allowed':
      if (status === 401 || status === 403) problems.push(`${status} to an allowed caller`);
      break;
    case 'denied':
      if (status !== 403 || message !== errorMessages.pageAccessDenied) {
        problems.push(`${status} where the page's roles refuse (403)`);
      }
      break;
    case 'outOfScope':
      if (status !== scopeRefusal || message === errorMessages.pageAccessDenied) {
        problems.push(`${status} where the data scope refuses (${scopeRefusal} past the page)`);
      }
      break;
    case 'signedOut':
      if (status !== 401) problems.push(`${status} without a session (401)`);
      break;
  }
  return problems;
}

const clip = (text: string, length = 240) =>
  text.length > length ? `${text.slice(0, length)}... (${text.length} characters)` : text;

const describeCall = (request: Request, res: LightMyRequestResponse) =>
  `${request.method} ${clip(request.url)} ${clip(JSON.stringify(request.payload ?? ''))}\n` +
  `    -> ${res.statusCode} ${clip(res.body)}`;

describe.each(TEST_DATABASE_KINDS)('the access matrix on %s', (kind) => {
  let world: NotificationsWorld;
  let routes: Route[];
  const callers = new Map<Person, Caller>();
  let processSettings: Record<string, unknown> = {};

  const db = () => world.database.db;

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

  /** The app's clock stays where it was: sign-ins and the dev clock route must not age sessions. */
  async function inject(request: Request, caller: Caller | null) {
    const offset = world.app.clock.offset;
    const res = await world.app.inject({
      ...request,
      headers: caller ? { ...caller.headers } : {},
      cookies: caller && caller.cookie !== '' ? { smt_session: caller.cookie } : {},
    });
    world.app.clock.advance(offset - world.app.clock.offset);
    const rotated = res.cookies.find((cookie) => cookie.name === 'smt_session');
    if (caller && rotated) caller.cookie = rotated.value;
    return request.payloadAsStream ? settled(res) : res;
  }

  /**
   * A streamed answer (the live stream) as the matrix judges it: its status, and an error's
   * body. An open stream is left to the app's close, which ends it.
   */
  async function settled(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let body = '';
    if (res.statusCode >= 400) {
      for await (const chunk of res.stream()) body += String(chunk);
    }
    const json = <T>() => JSON.parse(body) as T;
    return { ...res, body, payload: body, json };
  }

  /**
   * Signs callers in again, a minute on (one code a minute per phone), the app's clock kept
   * there so that the other callers' tokens age no more than that.
   */
  async function signInAgain(again: Caller[]) {
    if (again.length === 0) return;
    world.app.clock.advance(61_000);
    const offset = world.app.clock.offset;
    for (const caller of again) {
      const session = await signIn(world.app, caller.identity);
      world.app.clock.advance(offset - world.app.clock.offset);
      caller.headers = session.headers;
      caller.cookie = session.cookie;
    }
  }

  /** Whether the caller is still signed in as themself, acting as nobody else. */
  async function stillThemselves(caller: Caller) {
    const res = await inject({ method: 'GET', url: '/api/getUserDetails' }, caller);
    if (res.statusCode !== 200) return false;
    const details = res.json<{ email: string; impersonatingUser?: unknown }>();
    return details.email === caller.identity.email && !details.impersonatingUser;
  }

  const contextOf = (caller: Caller | null, records: Records): RequestContext => ({
    records,
    caller: caller && { name: caller.name, email: caller.identity.email },
    shareLink: caller?.shareLink ?? null,
    processSettings,
  });

  // ---- who everyone is, and what they hold -------------------------------------------------

  const userRow = async (email: string) => {
    const [row] = await rows<UserRow>(sql`
      select id, name, email, phone, roles, beta_features, multi_agent_access,
             agency_id, branch_id, agent_id
      from users where lower(email) = ${email.toLowerCase()}`);
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };

  const managedUser = (row: UserRow): ManagedUser => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.roles[0] as ManagedUser['role'],
    agencyId: row.agency_id,
    branchId: row.branch_id,
    agentId: row.agent_id,
  });

  /** Notifications already given to a caller: no two callers change the same one. */
  const taken = new Set<number>();

  /** Pending notifications of an agent that nobody else's matrix calls touch. */
  async function notificationsOf(agentId: number, fromTheEnd: boolean) {
    const found = await rows<{
      id: number;
      type: string;
      seq_num: number | null;
      fare_basis: string | null;
    }>(sql`
      select n.id, n.type, q.seq_num, q.fare_conds ->> 'farebasis' as fare_basis
      from notifications n
      left join lateral (
        select seq_num, fare_conds from price_quotes where notification_id = n.id
        order by seq_num limit 1
      ) q on true
      where n.agent_id = ${agentId} and n.status <> 'DEL' and n.subtype = 'Pending'
        and not n.readonly
      order by n.id ${fromTheEnd ? sql`desc` : sql`asc`}`);
    const pick = (test: (row: (typeof found)[number]) => boolean) => {
      const row = found.find((candidate) => !taken.has(Number(candidate.id)) && test(candidate));
      if (!row) throw new Error(`agent ${agentId} has no notification left for the matrix`);
      taken.add(Number(row.id));
      return row;
    };
    const read = pick((row) => row.type === 'Reprice' && row.seq_num !== null);
    return {
      notification: {
        id: Number(read.id),
        seqNum: Number(read.seq_num),
        fareBasis: String(read.fare_basis),
      },
      actOn: Number(pick((row) => row.type === 'Reschedule').id),
      ticketingDue: Number(pick((row) => row.type === 'TicketingDue').id),
      remove: Number(pick(() => true).id),
      bulkRemove: Number(pick(() => true).id),
    };
  }

  async function bookingOf(agentId: number, fromTheEnd: boolean) {
    const [row] = await rows<{ id: number; pnr_number: string; gds_id: string }>(sql`
      select id, pnr_number, gds_id from bookings
      where agent_id = ${agentId} and not is_cancelled and not is_departed
      order by (type = 'OTA' and not is_ticketed) desc, id ${fromTheEnd ? sql`desc` : sql`asc`}
      limit 1`);
    if (!row) throw new Error(`agent ${agentId} has no booking`);
    return { id: Number(row.id), pnrNumber: row.pnr_number, gdsId: row.gds_id };
  }

  /** A credit in the ledger on the booking, where it sits (the demo records none). */
  async function creditOf(bookingId: number) {
    const [row] = await rows<{ id: number }>(sql`
      insert into credits (agency_id, branch_id, agent_id, booking_id, passenger_name,
                           passenger_key, airline, amount_cents, currency, expires_on, source)
      select agency_id, branch_id, agent_id, id, 'MATRIX/CREDIT', 'matrix/credit', 'LY', 1000,
             'USD', '2030-01-01', 'agent'
      from bookings where id = ${bookingId}
      returning id`);
    if (!row) throw new Error(`no credit made on booking ${bookingId}`);
    return Number(row.id);
  }

  /** A My PNRs refresh on the booking, as pnrList starts one for a row it shows. */
  async function syncJobOf(bookingId: number) {
    const syncJobId = randomUUID();
    await world.database.db.execute(sql`
      update bookings set sync_job_id = ${syncJobId}, sync_requested_at = now()
      where id = ${bookingId}`);
    return syncJobId;
  }

  const connections = new Map<number, NonNullable<Records['connection']>>();

  /**
   * An agency's simulator connection, and a Duffel one it disconnected, made here once: the
   * demo has none, and a disconnect must name one to change nothing. A live Sabre one too, so
   * that connecting Sabre is refused as a second (409) and connects nothing.
   */
  async function connectionsOf(agencyId: number | null): Promise<Records['connection']> {
    if (agencyId === null) return null;
    const known = connections.get(agencyId);
    if (known) return known;
    const [simulator] = await rows<{ id: number }>(sql`
      select id from gds_connections
      where agency_id = ${agencyId} and provider = 'SIMULATOR' and status = 'ACTIVE'`);
    if (!simulator) throw new Error(`agency ${agencyId} has no simulator connection`);
    const [disconnected] = await rows<{ id: number }>(sql`
      insert into gds_connections (agency_id, provider, status, token_hint, disconnected_at)
      values (${agencyId}, 'DUFFEL', 'DISCONNECTED', 'trix', now())
      returning id`);
    if (!disconnected) throw new Error(`no disconnected connection made for agency ${agencyId}`);
    await world.database.db.execute(sql`
      insert into gds_connections (agency_id, provider, environment, username, sign_in_pcc, queues)
      values (${agencyId}, 'SABRE', 'CERT', '7971', 'G7RE', '[5]'::jsonb)`);
    const made = { simulator: Number(simulator.id), disconnected: Number(disconnected.id) };
    connections.set(agencyId, made);
    return made;
  }

  /** The organisation around a user: their agency, branch and agent. */
  async function placeOf(row: UserRow) {
    const [agency] = row.agency_id
      ? await rows<{ id: number; name: string }>(
          sql`select id, name from agencies where id = ${row.agency_id}`,
        )
      : [];
    const [branch] = row.branch_id
      ? await rows<{ id: number; name: string; pcc: string; agency_id: number }>(
          sql`select id, name, pcc, agency_id from branches where id = ${row.branch_id}`,
        )
      : [];
    const [agent] = row.agent_id
      ? await rows<{ id: number; name: string; initials: string; branch_id: number }>(
          sql`select id, name, initials, branch_id from agents where id = ${row.agent_id}`,
        )
      : [];
    return {
      agency: agency ? { id: Number(agency.id), name: agency.name } : null,
      branch: branch
        ? {
            id: Number(branch.id),
            name: branch.name,
            pcc: branch.pcc,
            agencyId: Number(branch.agency_id),
          }
        : null,
      agent: agent
        ? {
            id: Number(agent.id),
            name: agent.name,
            initials: agent.initials,
            branchId: Number(agent.branch_id),
          }
        : null,
    };
  }

  /** Someone else in the caller's agency to act as: Adam for Demo Travel, Gal for Globe Tours. */
  const SWITCH_TARGET: Partial<Record<Person, Person>> = {
    superUser: 'agent',
    manager: 'agent',
    agent: 'agent2',
    agent2: 'agent',
    branchManager: 'agent',
    globeManager: 'globeAgent',
    globeAgent: 'globeManager',
  };

  /**
   * What the caller names in the matrix: their own place and records. The super user, who sits
   * nowhere, names Adam's place and other notifications of his; operators and new registered
   * users name nothing.
   */
  async function ownRecordsOf(person: Person, row: UserRow): Promise<Records> {
    if (row.roles.includes('ROLE_SA_SUPER_USER')) {
      const adam = await userRow(DEMO.agent.email);
      const place = await placeOf(adam);
      const agentId = adam.agent_id ?? MISSING_ID;
      const booking = await bookingOf(agentId, true);
      return {
        ...place,
        ...(await notificationsOf(agentId, true)),
        user: managedUser(adam),
        userToDelete: row.id,
        switchTo: DEMO.agent.phone,
        booking,
        credit: await creditOf(booking.id),
        syncJobId: await syncJobOf(booking.id),
        pushEndpoint: null,
        connection: await connectionsOf(adam.agency_id),
      };
    }
    if (row.agent_id === null) return { ...NO_RECORDS, userToDelete: row.id };
    const target = SWITCH_TARGET[person];
    const booking = await bookingOf(row.agent_id, false);
    return {
      ...(await placeOf(row)),
      ...(await notificationsOf(row.agent_id, false)),
      user: managedUser(row),
      userToDelete: row.id,
      switchTo: target ? PERSONS[target].phone : null,
      booking,
      credit: await creditOf(booking.id),
      syncJobId: await syncJobOf(booking.id),
      pushEndpoint: null,
      connection: await connectionsOf(row.agency_id),
    };
  }

  async function shareLinkOf(caller: Caller) {
    if (!caller.records.notification) return null;
    const res = await inject(
      {
        method: 'POST',
        url: '/api/getNotificationShare',
        payload: { notification_id: caller.records.notification.id },
      },
      caller,
    );
    if (res.statusCode !== 200) return null;
    const link = /\/(\d+)\/(\d+)\/([\w-]+)$/.exec(res.json<ShareData>().url);
    return link ? { timestamp: link[2] ?? '', token: link[3] ?? '' } : null;
  }

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    routes = await openApiRoutesOf(world.app);

    for (const person of Object.keys(PERSONS) as Person[]) {
      const identity = PERSONS[person];
      const offset = world.app.clock.offset;
      const session = await signIn(world.app, identity);
      world.app.clock.advance(offset - world.app.clock.offset);
      const row = await userRow(identity.email);
      const scope = scopeOf({
        roles: row.roles,
        agencyId: row.agency_id,
        branchId: row.branch_id,
        agentId: row.agent_id,
        multiAgentAccess: row.multi_agent_access,
      });
      callers.set(person, {
        person,
        identity,
        headers: session.headers,
        cookie: session.cookie,
        roles: row.roles,
        betaFeatures: row.beta_features,
        scope: scope.kind,
        name: row.name,
        records: await ownRecordsOf(person, row),
        shareLink: null,
      });
    }
    for (const caller of callers.values()) caller.shareLink = await shareLinkOf(caller);

    const superUser = callers.get('superUser');
    const settings = await inject(
      { method: 'GET', url: '/api/admin/management/process-settings/getList' },
      superUser ?? null,
    );
    const defaults = settings.json<{ defaults: Record<string, unknown> }>().defaults;
    processSettings = Object.fromEntries(
      Object.entries(defaults).filter(([, value]) => value !== null),
    );
  });
  afterAll(async () => {
    await world?.close();
  });

  const callerOf = (person: Person) => {
    const caller = callers.get(person);
    if (!caller) throw new Error(`${person} is not signed in`);
    return caller;
  };

  const verdictFor = (route: string, caller: Caller | null) => {
    const access = ROUTE_ACCESS[route];
    if (!access) throw new Error(`${route} is not in test/route-access.ts`);
    return verdictOf(access, caller);
  };

  const scopeRefusalOf = (route: string) => {
    const access = ROUTE_ACCESS[route];
    return access?.kind === 'page' ? (access.scopeRefuses?.status ?? 403) : 403;
  };

  /** Every request of a route as one caller (or nobody), each answer judged by its verdict. */
  async function runRoute(route: string, caller: Caller | null): Promise<string[]> {
    const build = REQUESTS[route];
    if (!build) return [`${route}: no request in test/access-requests.ts`];
    const verdict = verdictFor(route, caller);
    const problems: string[] = [];
    for (const request of build(contextOf(caller, caller?.records ?? NO_RECORDS))) {
      const res = await inject(request, caller);
      const found = verdictProblems(verdict, res, scopeRefusalOf(route));
      if (found.length > 0) {
        problems.push(
          `${route} as ${caller?.person ?? 'nobody'} (${verdict}): ${found.join('; ')}\n` +
            `    ${describeCall(request, res)}`,
        );
      }
    }
    return problems;
  }

  const names = () => routes.map(nameOf);

  it('should classify every route of the OpenAPI document, and only those', () => {
    const documented = names();
    expect(documented.length).toBeGreaterThan(90);
    const unclassified = documented.filter((name) => !(name in ROUTE_ACCESS));
    const gone = Object.keys(ROUTE_ACCESS).filter((name) => !documented.includes(name));
    expect(unclassified, 'routes missing from test/route-access.ts').toEqual([]);
    expect(gone, 'routes in test/route-access.ts the app no longer has').toEqual([]);
    const unrequested = documented.filter((name) => !(name in REQUESTS));
    const stale = Object.keys(REQUESTS).filter((name) => !documented.includes(name));
    expect(unrequested, 'routes missing from test/access-requests.ts').toEqual([]);
    expect(stale, 'requests for routes the app no longer has').toEqual([]);
  });

  it('should agree with the document on which routes need a session', () => {
    const disagreeing = routes.filter((route) => {
      const access = ROUTE_ACCESS[nameOf(route)];
      return access !== undefined && (access.kind !== 'public') !== route.signedIn;
    });
    expect(disagreeing.map(nameOf)).toEqual([]);
  });

  it('should answer signed-out callers 401 wherever a session is needed, and never on a public route', async () => {
    const problems: string[] = [];
    for (const route of names()) problems.push(...(await runRoute(route, null)));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // ---- records of another agent, branch and agency --------------------------------------

  /** Who looks at whose records (issue 12 §6), and how far the owner sits from the viewer. */
  const PROBES: { viewer: Person; owner: Person; distance: Foreign['distance'] }[] = [
    { viewer: 'agent', owner: 'agent2', distance: 'agent' },
    { viewer: 'agent', owner: 'branchManager', distance: 'branch' },
    { viewer: 'agent', owner: 'globeAgent', distance: 'agency' },
    { viewer: 'branchManager', owner: 'agent', distance: 'branch' },
    { viewer: 'branchManager', owner: 'globeAgent', distance: 'agency' },
    { viewer: 'manager', owner: 'globeAgent', distance: 'agency' },
    { viewer: 'globeManager', owner: 'agent', distance: 'agency' },
  ];

  const pushEndpointOf = (person: Person) => `https://fcm.googleapis.com/fcm/send/owner/${person}`;

  /** An owner's records split by part of the organisation, and the text that gives them away. */
  async function foreignOf(owner: Person, distance: Foreign['distance']): Promise<Foreign> {
    const row = await userRow(PERSONS[owner].email);
    const own = callerOf(owner).records;
    const agentLevel: Records = {
      ...NO_RECORDS,
      agent: own.agent,
      user: own.user,
      userToDelete: row.id,
      switchTo: row.phone,
      notification: own.notification,
      actOn: own.actOn,
      remove: own.remove,
      bulkRemove: own.bulkRemove,
      ticketingDue: own.ticketingDue,
      booking: own.booking,
      credit: own.credit,
      syncJobId: own.syncJobId,
      pushEndpoint: pushEndpointOf(owner),
    };
    const variants = [agentLevel];
    if (distance !== 'agent') variants.push({ ...NO_RECORDS, branch: own.branch });
    if (distance === 'agency') {
      variants.push({ ...NO_RECORDS, agency: own.agency, connection: own.connection });
    }
    const locators = await rows<{ pnr_number: string }>(
      sql`select pnr_number from bookings where agent_id = ${row.agent_id}`,
    );
    const markers = [
      ...locators.map((locator) => locator.pnr_number),
      row.email,
      row.phone,
      row.name,
      ...(distance === 'agent' ? [] : [own.branch?.pcc ?? '']),
      ...(distance === 'agency' ? [own.agency?.name ?? ''] : []),
    ].filter((marker) => marker !== '');
    return { owner, distance, variants, markers };
  }

  /** Everything of the owner's that a call could change, as it stands. */
  async function snapshotOf(owner: Person) {
    const row = await userRow(PERSONS[owner].email);
    const table = async (query: ReturnType<typeof sql>) => JSON.stringify(await rows(query));
    return {
      agency: await table(sql`select * from agencies where id = ${row.agency_id}`),
      branch: await table(sql`select * from branches where id = ${row.branch_id}`),
      agent: await table(sql`select * from agents where id = ${row.agent_id}`),
      user: await table(sql`select * from users where id = ${row.id}`),
      notifications: await table(
        sql`select * from notifications where agent_id = ${row.agent_id} order by id`,
      ),
      bookings: await table(
        sql`select * from bookings where agent_id = ${row.agent_id} order by id`,
      ),
      credits: await table(sql`select * from credits where agent_id = ${row.agent_id} order by id`),
      subscriptions: await table(sql`
        select * from subscriptions
        where branch_id = ${row.branch_id} or agent_id = ${row.agent_id} order by id`),
      processSettings: await table(
        sql`select * from process_settings where branch_id = ${row.branch_id} order by id`,
      ),
      designProperties: await table(
        sql`select * from design_properties where agency_id = ${row.agency_id}`,
      ),
      pushSubscriptions: await table(
        sql`select * from push_subscriptions where user_id = ${row.id} order by id`,
      ),
      connections: await table(
        sql`select * from gds_connections where agency_id = ${row.agency_id} order by id`,
      ),
    };
  }

  /** The routes whose inputs name a record or a part of the organisation, but for the dev tools. */
  const idTakingRoutes = () =>
    routes
      .filter((route) => {
        const inputs = [
          ...route.pathParams,
          ...route.query.map((field) => field.name),
          ...(route.body ?? []).map((field) => field.name),
          ...route.bodyItems.map((field) => field.name),
        ];
        return !(nameOf(route) in NOT_PROBED) && inputs.some((name) => ID_FIELD.test(name));
      })
      .map(nameOf);

  /**
   * What is wrong with the answer to a request naming another's records: anything but a refusal
   * or an answer, their records in it, or any answer unlike the one to the same request naming
   * records that do not exist.
   */
  async function leakProblems(
    route: string,
    request: Request,
    missing: Request,
    viewer: Caller,
    markers: string[],
  ): Promise<string[]> {
    const res = await inject(request, viewer);
    const problems = shapeProblems(res);
    if (res.statusCode >= 300 && res.statusCode !== 403 && res.statusCode !== 404) {
      problems.push(`${res.statusCode}, neither a refusal (403, 404) nor an answer`);
    }
    const leaked = res.statusCode < 300 ? markers.filter((m) => res.body.includes(m)) : [];
    if (leaked.length > 0) problems.push(`the answer holds ${leaked.join(', ')}`);
    if (!(route in EXISTENCE_SHOWS)) {
      const control = await inject(missing, viewer);
      if (control.statusCode !== res.statusCode || control.body !== res.body) {
        problems.push(
          `answered unlike a record that does not exist (${control.statusCode} ${clip(control.body)})`,
        );
      }
    }
    return problems.length === 0
      ? []
      : [`${problems.join('; ')}\n    ${describeCall(request, res)}`];
  }

  it("should give no one another agent's, branch's or agency's records, nor let them change them", async () => {
    const owners = [...new Set(PROBES.map((probe) => probe.owner))];
    for (const owner of owners) {
      const res = await inject(
        {
          method: 'POST',
          url: '/api/push/subscribe',
          payload: {
            endpoint: pushEndpointOf(owner),
            keys: { p256dh: 'BOwnerKey', auth: 'ownerAuth' },
          },
        },
        callerOf(owner),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = new Map<Person, Awaited<ReturnType<typeof snapshotOf>>>();
    for (const owner of owners) before.set(owner, await snapshotOf(owner));

    const idTaking = idTakingRoutes();
    const probed = new Set<string>();
    const problems: string[] = [];
    for (const { viewer, owner, distance } of PROBES) {
      const foreign = await foreignOf(owner, distance);
      for (const route of idTaking) {
        const build = REQUESTS[route];
        for (const variant of build ? foreign.variants : []) {
          const theirs = build?.(contextOf(callerOf(viewer), variant)) ?? [];
          const nobodys = build?.(contextOf(callerOf(viewer), missingOf(variant))) ?? [];
          for (const [index, request] of theirs.entries()) {
            const missing = nobodys[index];
            // A request that names none of this part of the owner's records says nothing here.
            if (!missing || JSON.stringify(request) === JSON.stringify(missing)) continue;
            probed.add(route);
            const found = await leakProblems(
              route,
              request,
              missing,
              callerOf(viewer),
              foreign.markers,
            );
            problems.push(
              ...found.map(
                (problem) => `${route} as ${viewer} on ${owner}'s (${distance}): ${problem}`,
              ),
            );
          }
        }
      }
    }

    for (const owner of owners) {
      const after = await snapshotOf(owner);
      for (const [table, rowsBefore] of Object.entries(before.get(owner) ?? {})) {
        if (after[table as keyof typeof after] !== rowsBefore) {
          problems.push(`${owner}'s ${table} changed under the probes`);
        }
      }
    }
    const unprobed = idTaking.filter((route) => !probed.has(route));
    expect(unprobed, 'routes taking an id whose requests name no record').toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 240_000);

  // ---- every route × every user -----------------------------------------------------------

  it('should allow or refuse every route to every demo user and a new registered user as SPEC §6 says', async () => {
    const problems: string[] = [];
    for (const route of names().filter((name) => !SESSION_ENDERS.includes(name))) {
      for (const caller of callers.values()) problems.push(...(await runRoute(route, caller)));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 240_000);

  it('should allow or refuse the calls that end a session as SPEC §6 says, unregister last', async () => {
    const problems: string[] = [];
    for (const route of SESSION_ENDERS) {
      const again: Caller[] = [];
      for (const caller of callers.values()) {
        problems.push(...(await runRoute(route, caller)));
        if (!(await stillThemselves(caller))) again.push(caller);
      }
      if (route !== SESSION_ENDERS.at(-1)) await signInAgain(again);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);
});

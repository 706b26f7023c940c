import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_CALLS,
  API_ROOT,
  ApiErrorBody,
  DOCUMENTS_CALLS,
  HTTP_STATUS_OF,
  LIVE_CALL,
  MANAGEMENT_CALLS,
  NOTIFICATION_CALLS,
  type ShareData,
} from '@smt/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { agents, notifications } from '@/db/schema';
import { REQUEST_REFUSAL_STATUSES } from '@/plugins/error-handler';
import { createNotificationsWorld, type NotificationsWorld } from '../test/notifications-world';
import {
  nameOf,
  openApiRoutesOf,
  type Field,
  type JsonSchema,
  type Route,
} from '../test/openapi-routes';
import { DEMO, signIn, type DemoPerson } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_DATABASE_KINDS } from '../test/test-database';

// Issue 12, part 5: every route of the OpenAPI document, fed what an attacker or a broken
// client sends, answers in CONTRACT's shape and never with a 5xx; every kind of answer
// carries the security headers.

// A few runs per route and caller keep the file short; HOSTILE_RUNS=50 looks harder.
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 5);
const FUZZ_TIMEOUT = 240_000;

// ---- hostile values --------------------------------------------------------------------

const SQL = [
  "' or 1=1 --",
  "x'; drop table users; --",
  '" or ""="',
  "%' or '1'='1",
  "x' union select email, phone from users --",
  "'); select pg_sleep(0); --",
  '$1',
];
const HTML = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
];
const UNICODE = [
  '\u{1F9F3}\u2708\uFE0F\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
  '\u05E9\u05DC\u05D5\u05DD \u05E2\u05D5\u05DC\u05DD',
  'invoice\u202Eexe.pdf',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u200B\uFEFF\u00A0',
  'Z\u0324\u0354\u0367a\u0308\u0347l\u036E\u0312g\u030C\u0317o\u0319\u0314',
  '\r\nSet-Cookie: smt_session=stolen',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '%s%n%x',
];
const NUMERIC_TEXT = [
  '-1',
  '0',
  '-0',
  '0.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  'NaN',
  'Infinity',
  '0x',
  '9999-99-99',
  '0000-00-00',
  '2026-02-30',
  '1970-01-01T00:00:00Z',
];
const NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  4294967296,
  2 ** 53 + 2,
  1e-300,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
];

const FIRST_PAD = ['x', '\u05E9', '\u{1F9F3}', "'", '<', '\u0000'];
const huge = fc
  .tuple(fc.constantFrom(...FIRST_PAD), fc.integer({ min: 10_000, max: 100_000 }))
  .map(([pad, bytes]) => pad.repeat(Math.ceil(bytes / Buffer.byteLength(pad))));

const deeplyNested = fc
  .tuple(fc.integer({ min: 100, max: 1_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'x';
    for (let level = 0; level < depth; level += 1) value = arrays ? [value] : { a: value };
    return value;
  });

const scalar = fc.oneof(
  fc.constantFrom(...SQL, ...HTML),
  fc.constantFrom(...UNICODE),
  fc.constantFrom(...NUMERIC_TEXT),
  fc.constantFrom(...NUMBERS),
  fc.double(),
  fc.integer({ min: -(2 ** 31), max: 0 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom<unknown>(false, null, '', ' '),
  huge,
);

const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * Could the server read this as the id of a real row? The run must not really delete or
 * change the demo organisation, so no value reads as one: not `true` (coerced to 1), not
 * "5", not "1,2" (lists are split at commas).
 */
function looksLikeRowId(value: unknown, depth = 0): boolean {
  if (depth > 10) return false;
  if (Array.isArray(value)) return value.some((item) => looksLikeRowId(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.values(value).some((item) => looksLikeRowId(item, depth + 1));
  }
  if (value === true) return true;
  return String(value)
    .split(/[,;|\s]+/)
    .some((part) => {
      const number = Number(part);
      return part !== '' && Number.isInteger(number) && number >= 1 && number <= MAX_ROW_ID;
    });
}

const hostileValue = fc
  .oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: deeplyNested },
  )
  .filter((value) => !looksLikeRowId(value));

const DAYS = ['9999-12-31', '0000-00-00', '2026-02-30', '1970-01-01', '2026-11-24'];
// Days the database cannot hold or the product never handles (issue 19). A date field draws
// only days, half of them these: they pass a day's pattern, so only its window stops them.
const EXTREME_DAYS = ['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31'];
const TEXTS = [...SQL, ...HTML, ...UNICODE];

/** A field that takes a day: by its format, or a pattern that takes digits and dashes only. */
function isDayField(schema: JsonSchema): boolean {
  if (schema.format === 'date') return true;
  if (schema.pattern === undefined) return false;
  const pattern = new RegExp(schema.pattern, 'u');
  return pattern.test('2026-01-15') && !pattern.test('2026-01-1x');
}

/** An id must not name a real row (see looksLikeRowId); other numbers may be small. */
const isIdField = (name: string) => /id/i.test(name);

/**
 * Values the field's schema lets through, at its edges and with hostile text inside its
 * limits: these get past validation to the handlers and the database.
 */
function edgeValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) return fc.oneof(...branches.map(edgeValues));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    const { minimum = -Number.MAX_VALUE, maximum = Number.MAX_VALUE } = schema;
    const numbers = [maximum, minimum, 0, 2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER];
    return fc.constantFrom(...numbers.filter((n) => n >= minimum && n <= maximum));
  }
  if (type === 'boolean') return fc.constantFrom<unknown>(true, false, 'true', 'off', '0');
  if (type === 'array') return fc.array(edgeValues(schema.items ?? {}), { maxLength: 3 });
  if (type === 'object' && schema.properties) {
    // A range such as { from, to }: its own fields at their edges, extreme days included.
    const fields = Object.entries(schema.properties).map(([name, property]) => {
      const value = edgeValues(property);
      return [name, isIdField(name) ? value.filter((v) => !looksLikeRowId(v)) : value] as const;
    });
    return fc.record(Object.fromEntries(fields), { requiredKeys: [] });
  }
  if (type !== 'string') return hostileValue;
  if (isDayField(schema)) return fc.constantFrom(...EXTREME_DAYS, ...DAYS);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u');
  const texts = [
    ...TEXTS.map((text) => text.slice(0, max)),
    ...(schema.format === 'email' ? ["o'brien+<b>@demo.test", 'a@b.test\u0000'] : []),
    ...DAYS,
    'x'.repeat(max),
    '\u05E9'.repeat(max),
    '\u{1F9F3}'.repeat(Math.floor(max / 2)),
    '\u0000'.repeat(Math.max(min, 1)),
  ].filter((text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text)));
  return texts.length > 0 ? fc.constantFrom(...texts) : hostileValue;
}

/** A route's own field: hostile whatever it is, or inside its schema at the edges. */
const valueFor = (field: Field) => {
  const value = fc.oneof(
    { weight: 2, arbitrary: hostileValue },
    { weight: 3, arbitrary: edgeValues(field.schema) },
  );
  return isIdField(field.name) ? value.filter((v) => !looksLikeRowId(v)) : value;
};

const EXTRA_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'userId',
  'roles',
  'role',
  'scope',
  'isSuperUser',
  '$where',
  'a[b]',
  'a.b',
  '',
];

type Entries = [string, unknown][];

/** The route's own fields, any of them missing, and a few names it never asked for. */
const entriesFor = (fields: Field[]): fc.Arbitrary<Entries> =>
  fc
    .tuple(
      fc.tuple(...fields.map((field) => fc.option(valueFor(field), { nil: undefined }))),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...EXTRA_NAMES), fc.string({ maxLength: 12 })),
          hostileValue,
        ),
        { maxLength: 3 },
      ),
    )
    .map(([values, extra]) => [
      ...fields.flatMap((field, index): Entries => {
        const value = values[index];
        return value === undefined ? [] : [[field.name, value]];
      }),
      ...extra,
    ]);

/** Written by hand: `__proto__` must stay a key, duplicates stay duplicates. */
const jsonOf = (entries: Entries) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);

const formOf = (entries: Entries) => {
  const form = new URLSearchParams();
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, textOf(item));
  }
  return form.toString();
};

const RAW_QUERIES = ['a=%E0%A4%A&b=%zz', '%%%=%%%', '&&&==&', 'x[]=1&x[a]=2&x[__proto__][y]=1'];
const RAW_JSON = [
  '[]',
  '"text"',
  '42',
  'null',
  '{"a":',
  '\u0000',
  '{"__proto__":{"isSuperUser":true}}',
  '{"constructor":{"prototype":{"isSuperUser":true}}}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
];

type Payload = { contentType?: string; body?: string };

const payloadFor = (fields: Field[]): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: entriesFor(fields).map((e) => ({
        contentType: 'application/json',
        body: jsonOf(e),
      })),
    },
    {
      weight: 4,
      arbitrary: entriesFor(fields).map((e) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: formOf(e),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_JSON)
        .map((body) => ({ contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: 'application/x-www-form-urlencoded', body: RAW_QUERIES[0] },
        { contentType: 'text/plain', body: "' or 1=1 --" },
        {
          contentType: 'application/xml',
          body: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
        },
        { contentType: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
        { contentType: 'application/json', body: `{"a":"${'x'.repeat(1_100_000)}"}` },
        {},
      ),
    },
  );

const queryFor = (fields: Field[]) =>
  fc.oneof(
    { weight: 5, arbitrary: entriesFor(fields).map(formOf) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );

const RAW_SEGMENTS = ['%zz', '%E0%A4%A', '..%2F..%2Fpackage.json', '%00', '%2e%2e', ';', '%20'];
const pathValue = fc.oneof(
  {
    weight: 4,
    arbitrary: hostileValue.map((v) =>
      encodeURIComponent(textOf(v).replace(/[\uD800-\uDFFF]/g, '')),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
);

type Call = { url: string; payload: Payload | null };

const callFor = (route: Route): fc.Arbitrary<Call> =>
  fc
    .tuple(
      fc.tuple(...route.pathParams.map(() => pathValue)),
      fc.option(queryFor(route.query), { nil: undefined, freq: 3 }),
      route.body ? payloadFor(route.body).map((p): Payload | null => p) : fc.constant(null),
    )
    .map(([params, query, payload]) => {
      let url = route.path;
      route.pathParams.forEach((name, index) => {
        url = url.replace(`{${name}}`, params[index] ?? '');
      });
      return { url: query === undefined || query === '' ? url : `${url}?${query}`, payload };
    });

// ---- what every answer must be ---------------------------------------------------------

/** Routes that choose to be cached: the shipped documents list stands in for a storage file. */
const CACHEABLE_API = new Set([`${API_ROOT}/${DOCUMENTS_CALLS.shippedList}`]);

function headerProblems(res: LightMyRequestResponse, url: string): string[] {
  const problems: string[] = [];
  const csp = String(res.headers['content-security-policy'] ?? '');
  if (!csp.includes("object-src 'none'")) problems.push("no CSP object-src 'none'");
  if (!/base-uri '(self|none)'/.test(csp)) problems.push('no CSP base-uri');
  if (!csp.includes("frame-ancestors 'none'")) problems.push("no CSP frame-ancestors 'none'");
  if (!/max-age=\d+/.test(String(res.headers['strict-transport-security'] ?? ''))) {
    problems.push('no Strict-Transport-Security');
  }
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!res.headers['referrer-policy']) problems.push('no Referrer-Policy');
  const pathname = url.split('?')[0] ?? url;
  const cacheable = CACHEABLE_API.has(pathname) && res.statusCode < 300;
  if (pathname.startsWith('/api/') && !cacheable && res.headers['cache-control'] !== 'no-store') {
    problems.push(`Cache-Control is ${String(res.headers['cache-control'])}, not no-store`);
  }
  return problems;
}

function errorBodyOf(res: LightMyRequestResponse): ApiErrorBody | null {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(res.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function answerProblems(res: LightMyRequestResponse, url: string): string[] {
  const problems = headerProblems(res, url);
  if (res.statusCode >= 500) problems.push(`a ${res.statusCode}`);
  if (res.statusCode >= 400) {
    const body = errorBodyOf(res);
    if (!body) problems.push("an error body not in CONTRACT's shape");
    // A refusal of the request as HTTP keeps its own status (413, 415) with BAD_REQUEST.
    const refusal = body?.code === 'BAD_REQUEST' && REQUEST_REFUSAL_STATUSES.has(res.statusCode);
    if (body && !refusal && HTTP_STATUS_OF[body.code] !== res.statusCode) {
      problems.push(`code ${body.code} with status ${res.statusCode}`);
    }
    if (!/^application\/json/.test(String(res.headers['content-type']))) {
      problems.push(`an error of type ${String(res.headers['content-type'])}`);
    }
  }
  if (res.statusCode >= 400 && /node_modules|\.ts:\d+|\bat .+\(.+:\d+:\d+\)/.test(res.body)) {
    problems.push('a stack trace');
  }
  return problems;
}

/**
 * A signed-out caller hears 401 whatever the input says, unless the request could not be read
 * at all (a body that does not parse, an address that matches no route): no validation (400
 * with fieldErrors), no 403, no answer before the session is checked.
 */
function refusedSignedOut(route: Route, res: LightMyRequestResponse) {
  if (res.statusCode === 401) return true;
  if (res.statusCode === 404) return route.pathParams.length > 0;
  const body = errorBodyOf(res);
  const unread = res.statusCode === 400 || REQUEST_REFUSAL_STATUSES.has(res.statusCode);
  return unread && body !== null && body.fieldErrors === undefined;
}

const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}... (${text.length} characters)` : text;

// ---- the run ----------------------------------------------------------------------------

const PROFILE = `${API_ROOT}/${ACCOUNT_CALLS.profile}`;
const SWITCH_USER = `${API_ROOT}/${ACCOUNT_CALLS.switchUser}`;
const SWITCH_USER_EXIT = `${API_ROOT}/${ACCOUNT_CALLS.switchUserExit}`;
/** A successful call here rightly gives the caller a new session (and ends the old one). */
const SESSION_CHANGERS = new Set([
  `POST ${PROFILE}`,
  `POST ${SWITCH_USER}`,
  `POST ${SWITCH_USER_EXIT}`,
]);
/**
 * Not run signed in, only signed out: they take no input but the session itself, and would
 * end the run's own (logout), delete its user (unregister) or answer a stream that does not
 * end (live; its headers are checked in modules/live/live.routes.test.ts).
 */
const SIGNED_OUT_ONLY = new Set([
  `GET ${API_ROOT}/logout`,
  `DELETE ${API_ROOT}/${ACCOUNT_CALLS.unregister}`,
  `GET ${API_ROOT}/${LIVE_CALL}`,
]);

type Caller = { person: DemoPerson; headers: Record<string, string> };
type Answer = { route: string; status: number };

const HEADER_SAFE = [...SQL, ...HTML, 'x'.repeat(20_000), '', 'Bearer null', '+972500000001'];

describe.each(TEST_DATABASE_KINDS)('hostile input and security headers on %s', (kind) => {
  let world: NotificationsWorld;
  let spa: TestApp;
  let distDir: string;
  let routes: Route[];
  const callers = new Map<'superUser' | 'agent', Caller>();
  const answers: Answer[] = [];
  const before = { users: [] as number[], agencies: [] as number[] };

  const idsOf = async (table: 'users' | 'agencies') =>
    (
      await queryRows<{ id: number }>(
        world.database.db,
        sql`select id from ${sql.identifier(table)} order by id`,
      )
    ).map((row) => Number(row.id));

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    for (const role of ['superUser', 'agent'] as const) {
      const person = DEMO[role];
      callers.set(role, { person, headers: (await signIn(world.app, person)).headers });
    }
    routes = await openApiRoutesOf(world.app);
    before.users = await idsOf('users');
    before.agencies = await idsOf('agencies');

    distDir = await mkdtemp(path.join(tmpdir(), 'smt-hostile-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log(1);');
    spa = await createTestApp(kind, { seed: false, webDistDir: distDir });
  });
  afterAll(async () => {
    await spa?.close();
    await world?.close();
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  const inject = async (options: InjectOptions & { url: string }) => {
    // The dev clock route may move the server's clock; the run's sessions must not feel it.
    const offset = world.app.clock.offset;
    const res = await world.app.inject(options);
    world.app.clock.advance(offset - world.app.clock.offset);
    return res;
  };

  /** Is the caller still signed in as themself? If not, signs them in again and says so. */
  async function keepSignedIn(caller: Caller): Promise<boolean> {
    const res = await world.app.inject({
      method: 'GET',
      url: `${API_ROOT}/getUserDetails`,
      headers: caller.headers,
    });
    const same =
      res.statusCode === 200 &&
      res.json<{ email: string; impersonatingUser?: unknown }>().email === caller.person.email &&
      !res.json<{ impersonatingUser?: unknown }>().impersonatingUser;
    if (!same) caller.headers = (await signIn(world.app, caller.person)).headers;
    return same;
  }

  async function fuzz(route: Route, caller: Caller | null): Promise<string | null> {
    const found = { problem: '' };
    const details = await fc.check(
      fc.asyncProperty(
        callFor(route),
        fc.constantFrom(...HEADER_SAFE),
        async ({ url, payload }, hostileHeader) => {
          const headers: Record<string, string> = caller
            ? { ...caller.headers }
            : { 'SA-REGID': hostileHeader, 'SA-DN': hostileHeader, 'SA-EMAIL': hostileHeader };
          if (payload?.contentType) headers['content-type'] = payload.contentType;
          const res = await inject({
            method: route.method,
            url,
            headers,
            ...(payload?.body === undefined ? {} : { payload: payload.body }),
          });
          answers.push({ route: nameOf(route), status: res.statusCode });
          const problems = answerProblems(res, url);
          if (!caller && route.signedIn && !refusedSignedOut(route, res)) {
            problems.push(`${res.statusCode} to a signed-out caller, not 401`);
          }
          if (caller && SESSION_CHANGERS.has(nameOf(route)) && res.statusCode < 300) {
            await keepSignedIn(caller);
          }
          if (problems.length === 0) return true;
          found.problem =
            `${nameOf(route)}: ${problems.join('; ')}\n` +
            `  ${route.method} ${clip(url)} ${clip(payload?.contentType ?? '')} ${clip(payload?.body ?? '')}\n` +
            `  -> ${res.statusCode} ${clip(res.body)}`;
          return false;
        },
      ),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
    if (!details.failed) return null;
    return `${found.problem || String(details.errorInstance)}\n  (fast-check seed ${details.seed})`;
  }

  it('should read every route from the OpenAPI document', () => {
    const names = routes.map(nameOf);
    expect(routes.length).toBeGreaterThan(80);
    expect(names).toEqual(
      expect.arrayContaining([
        `GET ${API_ROOT}/getUserDetails`,
        `POST ${API_ROOT}/${MANAGEMENT_CALLS.agencyCreate}`,
        `GET ${API_ROOT}/${NOTIFICATION_CALLS.publicShare}/{id}/{timestamp}/{token}`,
        ...SIGNED_OUT_ONLY,
        ...SESSION_CHANGERS,
      ]),
    );
  });

  it(
    'should answer signed-out callers with forged session headers without a 5xx, and 401 where a session is needed',
    async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const problem = await fuzz(route, null);
        if (problem) problems.push(problem);
      }
      expect(problems, problems.join('\n\n')).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it.each(['superUser', 'agent'] as const)(
    'should answer every hostile call of a signed-in %s without a 5xx, in the error shape',
    async (role) => {
      const caller = callers.get(role);
      if (!caller) throw new Error(`${role} is not signed in`);
      const problems: string[] = [];
      for (const route of routes.filter((r) => !SIGNED_OUT_ONLY.has(nameOf(r)))) {
        const problem = await fuzz(route, caller);
        if (problem) problems.push(problem);
        if (!(await keepSignedIn(caller)) && !SESSION_CHANGERS.has(nameOf(route))) {
          problems.push(`${nameOf(route)}: ended the ${role}'s session`);
        }
      }
      expect(problems, problems.join('\n\n')).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it('should leave the users and agencies as they were, but for what the calls created', async () => {
    const created = (suffix: string) =>
      answers.filter((a) => a.status < 300 && a.route === `POST ${API_ROOT}/${suffix}`).length;
    const users = await idsOf('users');
    const agencies = await idsOf('agencies');
    expect(users).toEqual(expect.arrayContaining(before.users));
    expect(agencies).toEqual(expect.arrayContaining(before.agencies));
    expect(users.length - before.users.length).toBe(created(MANAGEMENT_CALLS.userCreate));
    expect(agencies.length - before.agencies.length).toBe(created(MANAGEMENT_CALLS.agencyCreate));
  });

  describe('what the run found, answered', () => {
    const asSuperUser = () => callers.get('superUser')?.headers ?? {};

    it('should refuse NUL and broken unicode with the field named, and store nothing', async () => {
      const agencies = await idsOf('agencies');
      for (const name of ['Travel\u0000Co', 'Travel \uD800 Co']) {
        const res = await world.app.inject({
          method: 'POST',
          url: `${API_ROOT}/${MANAGEMENT_CALLS.agencyCreate}`,
          headers: asSuperUser(),
          payload: { name },
        });
        expect(res.statusCode).toBe(400);
        expect(ApiErrorBody.parse(res.json()).fieldErrors).toEqual({
          name: expect.stringMatching(/NUL/),
        });
      }
      expect(await idsOf('agencies')).toEqual(agencies);
    });

    it('should answer 400, not 500, to an id beyond what the database holds', async () => {
      const res = await world.app.inject({
        url: `${API_ROOT}/admin/management/design-properties?agencyId=4294967296`,
        headers: asSuperUser(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'A number in the request is out of range.',
      });
    });

    it('should answer 400 in the error shape to an address the router cannot read', async () => {
      const share = `${API_ROOT}/${NOTIFICATION_CALLS.publicShare}`;
      for (const url of [`${share}/%E0%A4%A/1/x`, `${share}/1/1/${'x'.repeat(500)}`]) {
        const res = await world.app.inject({ url, headers: { 'x-request-id': 'bad-address' } });
        expect(res.statusCode).toBe(400);
        expect(ApiErrorBody.parse(res.json()).code).toBe('BAD_REQUEST');
        expect(res.headers['x-request-id']).toBe('bad-address');
        expect(headerProblems(res, url)).toEqual([]);
      }
    });

    it('should refuse an address the router cannot read before looking at the body it brought', async () => {
      const res = await world.app.inject({
        method: 'POST',
        url: `${API_ROOT}/xapi/credits/${"'".repeat(1000)}/state`,
        headers: { 'content-type': 'application/json' },
        payload: '{"state":"used","toString":{"x":"\\ud800"}}',
      });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json())).toEqual({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^The address cannot be read/),
      });
    });
  });

  describe('the security headers on every kind of answer', () => {
    const as = (role: 'superUser' | 'agent') => callers.get(role)?.headers ?? {};

    async function publicShareUrl() {
      const [notification] = await world.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .innerJoin(agents, eq(agents.id, notifications.agentId))
        .where(and(eq(agents.initials, 'AA'), ne(notifications.status, 'DEL')))
        .orderBy(asc(notifications.id))
        .limit(1);
      if (!notification) throw new Error('the engine raised no notification for AA');
      const shared = await world.app.inject({
        method: 'POST',
        url: `${API_ROOT}/${NOTIFICATION_CALLS.share}`,
        headers: as('agent'),
        payload: { notification_id: notification.id },
      });
      expect(shared.statusCode).toBe(200);
      const link = /\/share\/notification\/(\d+\/\d+\/[\w-]+)$/.exec(shared.json<ShareData>().url);
      if (!link) throw new Error(`not a share link: ${shared.json<ShareData>().url}`);
      return `${API_ROOT}/${NOTIFICATION_CALLS.publicShare}/${link[1]}`;
    }

    type Kind = {
      name: string;
      status: number;
      type: RegExp;
      request: () => Promise<InjectOptions & { url: string }>;
      app?: () => TestApp['app'];
    };
    const KINDS: Kind[] = [
      {
        name: 'an API JSON answer',
        status: 200,
        type: /application\/json/,
        request: async () => ({ url: `${API_ROOT}/getUserDetails`, headers: as('agent') }),
      },
      {
        name: 'an API 400',
        status: 400,
        type: /application\/json/,
        request: async () => ({
          method: 'POST',
          url: `${API_ROOT}/${MANAGEMENT_CALLS.agencyCreate}`,
          headers: as('superUser'),
          payload: {},
        }),
      },
      {
        name: 'an API 401',
        status: 401,
        type: /application\/json/,
        request: async () => ({ url: `${API_ROOT}/getUserDetails` }),
      },
      {
        name: 'an API 403',
        status: 403,
        type: /application\/json/,
        request: async () => ({
          url: `${API_ROOT}/${MANAGEMENT_CALLS.agencyList}`,
          headers: as('agent'),
        }),
      },
      {
        name: 'an API 404',
        status: 404,
        type: /application\/json/,
        request: async () => ({ url: `${API_ROOT}/no-such-call?x=<script>` }),
      },
      {
        name: 'an API 400 for a malformed URL',
        status: 400,
        type: /application\/json/,
        request: async () => ({
          url: `${API_ROOT}/${NOTIFICATION_CALLS.publicShare}/%E0%A4%A/1/x`,
        }),
      },
      {
        name: 'a CSV download',
        status: 200,
        type: /text\/csv/,
        request: async () => ({
          url: `${API_ROOT}/${MANAGEMENT_CALLS.agencyCsv}`,
          headers: as('superUser'),
        }),
      },
      {
        name: 'the public share call',
        status: 200,
        type: /application\/json/,
        request: async () => ({ url: await publicShareUrl() }),
      },
      {
        name: "the SPA's index.html",
        status: 200,
        type: /text\/html/,
        request: async () => ({ url: '/smtapp/notifications' }),
        app: () => spa.app,
      },
      {
        name: 'a hashed static asset',
        status: 200,
        type: /javascript/,
        request: async () => ({ url: '/smtapp/assets/index-AbC123.js' }),
        app: () => spa.app,
      },
      {
        name: 'the version file',
        status: 200,
        type: /application\/json/,
        request: async () => ({ url: '/smtapp/meta.json' }),
        app: () => spa.app,
      },
      {
        name: 'a missing static file',
        status: 404,
        type: /application\/json/,
        request: async () => ({ url: '/smtapp/assets/gone-123.js' }),
        app: () => spa.app,
      },
    ];

    it.each(KINDS)('should send them with $name', async (answerKind) => {
      const options = await answerKind.request();
      const app = answerKind.app?.() ?? world.app;
      const res = await app.inject(options);
      expect(res.statusCode, res.body).toBe(answerKind.status);
      expect(res.headers['content-type']).toMatch(answerKind.type);
      expect(answerProblems(res, options.url)).toEqual([]);
    });

    it('should let hashed assets be cached for a year, unlike API answers', async () => {
      const res = await spa.app.inject({ url: '/smtapp/assets/index-AbC123.js' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });
});

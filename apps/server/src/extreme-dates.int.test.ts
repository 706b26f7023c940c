import {
  API_ROOT,
  ApiErrorBody,
  NOTIFICATION_CALLS,
  utcDayOf,
  validationMessages,
} from '@smt/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameOf, openApiRoutesOf, type JsonSchema, type Route } from '../test/openapi-routes';
import { DEMO, signIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_DATABASE_KINDS } from '../test/test-database';

// Issue 19, point 7: a date the database cannot hold (year 0, year 10000) or that names no day
// is the caller's mistake, so every route of the OpenAPI document that takes a date answers it
// with 400 and the field named, before any query runs.

/** Years the database refuses or the product never handles, and the message each gets. */
const EXTREME_DAYS: [string, string][] = [
  ['0000-01-01', validationMessages.dateOutsideWindow],
  ['0001-01-01', validationMessages.dateOutsideWindow],
  ['1899-12-31', validationMessages.dateOutsideWindow],
  ['1999-12-31', validationMessages.dateOutsideWindow],
  ['2100-01-01', validationMessages.dateOutsideWindow],
  ['2200-01-01', validationMessages.dateOutsideWindow],
  ['9999-12-31', validationMessages.dateOutsideWindow],
  ['2026-02-30', validationMessages.dateNotReal],
  ['2025-02-29', validationMessages.dateNotReal],
];

/** Routes that take dates today; any other the document shows with a date is tested too. */
const KNOWN_DATED_ROUTES = [
  `POST ${API_ROOT}/${NOTIFICATION_CALLS.list}`,
  `POST ${API_ROOT}/${NOTIFICATION_CALLS.listCsv}`,
  `POST ${API_ROOT}/admin/pnr/management/pnrList`,
  `POST ${API_ROOT}/admin/pnr/management/pnrList/csv`,
  `GET ${API_ROOT}/admin/dashboard/completed-vs-total-notifications`,
  `GET ${API_ROOT}/admin/dashboard/saving/potential-vs-actual`,
  `GET ${API_ROOT}/admin/dashboard/saving/per-airline`,
  `GET ${API_ROOT}/admin/dashboard/saving/potential-vs-actual-by-period`,
  `GET ${API_ROOT}/admin/dashboard/saving/per-customer-number`,
  `GET ${API_ROOT}/admin/dashboard/adm-per-airline`,
  `GET ${API_ROOT}/admin/dashboard/young-pqs`,
  `GET ${API_ROOT}/admin/dashboard/notification-monthly-stat`,
  `GET ${API_ROOT}/admin/dashboard/completed-vs-total-notifications/csv`,
  `GET ${API_ROOT}/admin/dashboard/adm-per-airline/csv`,
  `GET ${API_ROOT}/admin/dashboard/export/saving/xls`,
  `GET ${API_ROOT}/admin/dashboard/export/notifications/xls`,
];

type DateKind = 'day' | 'instant';
/** A date inside a route's input: `dateFrom`, or `creationDate.from` inside a range. */
type DateField = { path: string[]; kind: DateKind };
type DatedRoute = { route: Route; dates: DateField[] };

/** Whether a text schema takes days (or instants): by its format, or a pattern of digits only. */
function dateKindOf(schema: JsonSchema): DateKind | null {
  if (schema.format === 'date') return 'day';
  if (schema.format === 'date-time') return 'instant';
  if (schema.pattern === undefined) return null;
  const pattern = new RegExp(schema.pattern, 'u');
  return pattern.test('2026-01-15') && !pattern.test('2026-01-1x') ? 'day' : null;
}

function datesIn(schema: JsonSchema, path: string[]): DateField[] {
  const kind = dateKindOf(schema);
  if (kind) return [{ path, kind }];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const nested = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    datesIn(property, [...path, name]),
  );
  const all = [...nested, ...branches.flatMap((branch) => datesIn(branch, path))];
  return all.filter((f, i) => all.findIndex((g) => g.path.join('.') === f.path.join('.')) === i);
}

const fieldsOf = (route: Route) => [...route.query, ...(route.body ?? [])];

function datedRoutesOf(routes: Route[]): DatedRoute[] {
  return routes
    .map((route) => ({
      route,
      dates: fieldsOf(route).flatMap((field) => datesIn(field.schema, [field.name])),
    }))
    .filter((dated) => dated.dates.length > 0);
}

const valueOf = (day: string, kind: DateKind) => (kind === 'day' ? day : `${day}T00:00:00.000Z`);

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const inner = (target[head] ?? {}) as Record<string, unknown>;
  target[head] = inner;
  setPath(inner, rest, value);
}

/**
 * A call that the route answers 200: every date today, and every choice without a default at
 * its first value (an XLS export must name its report).
 */
function inputOf(dated: DatedRoute, today: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fieldsOf(dated.route)) {
    const { enum: choices } = field.schema;
    const hasDefault = (field.schema as { default?: unknown }).default !== undefined;
    if (choices && choices.length > 0 && !hasDefault) input[field.name] = choices[0];
  }
  for (const date of dated.dates) setPath(input, date.path, valueOf(today, date.kind));
  return input;
}

function requestOf(route: Route, input: Record<string, unknown>): InjectOptions & { url: string } {
  if (route.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input).map(([key, value]) => [key, String(value)]),
    );
    return { method: 'GET', url: `${route.path}?${query.toString()}` };
  }
  return { method: route.method, url: route.path, payload: input };
}

/** The error body, when the answer is one in CONTRACT's shape. */
function errorBodyOf(body: string): ApiErrorBody | null {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const clone = (input: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(input)) as Record<string, unknown>;

describe.each(TEST_DATABASE_KINDS)('extreme dates on %s', (kind) => {
  let test: TestApp;
  let dated: DatedRoute[];
  let today: string;
  /** The headers of a demo user whom each route lets in: an agent, else the super user. */
  const callerOf = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    test = await createTestApp(kind);
    dated = datedRoutesOf(await openApiRoutesOf(test.app));
    today = utcDayOf(test.app.clock.now());
    const candidates = [
      (await signIn(test.app, DEMO.agent)).headers,
      (await signIn(test.app, DEMO.superUser)).headers,
    ];
    for (const { route, dates } of dated) {
      for (const headers of candidates) {
        const request = requestOf(route, inputOf({ route, dates }, today));
        const res = await test.app.inject({ ...request, headers });
        if (res.statusCode === 200) {
          callerOf.set(nameOf(route), headers);
          break;
        }
      }
    }
  });
  afterAll(() => test?.close());

  it('should find every route that takes a date in the OpenAPI document', () => {
    expect(dated.map((d) => nameOf(d.route))).toEqual(expect.arrayContaining(KNOWN_DATED_ROUTES));
  });

  it('should answer 200 on every dated route when its dates are today', () => {
    const refused = dated.map((d) => nameOf(d.route)).filter((name) => !callerOf.has(name));
    expect(refused).toEqual([]);
  });

  it.each(EXTREME_DAYS)(
    'should answer 400 naming the field when a date is %s on every dated route',
    async (day, message) => {
      const problems: string[] = [];
      for (const { route, dates } of dated) {
        const headers = callerOf.get(nameOf(route));
        if (!headers) continue;
        for (const date of dates) {
          const input = clone(inputOf({ route, dates }, today));
          setPath(input, date.path, valueOf(day, date.kind));
          const res = await test.app.inject({ ...requestOf(route, input), headers });
          const field = date.path.join('.');
          const body = errorBodyOf(res.body);
          if (res.statusCode !== 400 || body?.fieldErrors?.[field] !== message) {
            const answer = res.body.slice(0, 200);
            problems.push(`${nameOf(route)} ${field}=${day}: ${res.statusCode} ${answer}`);
          }
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );

  it('should answer 404, not 500, to a share link dated 1970 or past year 9999', async () => {
    const share = `${API_ROOT}/${NOTIFICATION_CALLS.publicShare}`;
    // A link the server signed never carries these, so they are simply not ours.
    for (const timestamp of [0, 253_402_300_800_000, Number.MAX_SAFE_INTEGER]) {
      const res = await test.app.inject({ url: `${share}/1/${timestamp}/x` });
      expect(res.statusCode, res.body).toBe(404);
      expect(errorBodyOf(res.body)).not.toBeNull();
    }
  });
});

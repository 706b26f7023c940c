import {
  DASHBOARD_CALLS,
  dashboardCalls,
  utcDayOf,
  validationMessages as messages,
} from '@smt/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { expectError, type DemoIds } from '../notifications/notification-list.test-helpers';
import { insertDashboardFixture, NOW, type Who } from './dashboard.test-helpers';

// The dashboard's figures over HTTP, over the fixture of dashboard.test-helpers.ts: what each call
// answers, who may call and the shape of a refusal. The figures themselves, whose rows they read
// and the dates they take are dashboard.service.test.ts's.

const FIGURES = [
  'completedVsTotal',
  'potentialVsActual',
  'savingPerAirline',
  'potentialVsActualByPeriod',
  'savingPerCustomerNumber',
  'admPerAirline',
  'youngPqs',
  'monthlyStat',
  'credits',
] as const;

describe.each(TEST_DATABASE_KINDS)('dashboard figures on %s', (kind) => {
  let test: TestApp;
  let ids: DemoIds;

  const headers = new Map<string, Record<string, string>>();
  const as = async (person: DemoPerson) => {
    const known = headers.get(person.email);
    if (known) return known;
    const signed = (await signIn(test.app, person)).headers;
    headers.set(person.email, signed);
    return signed;
  };
  const call = async (person: DemoPerson | null, path: string, query = '') =>
    test.app.inject({
      method: 'GET',
      url: `/api/${path}${query}`,
      headers: person ? await as(person) : {},
    });
  const ok = async (person: DemoPerson, path: string, query = '') => {
    const res = await call(person, path, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown>();
  };
  const PERSON: Record<Who, DemoPerson> = { superUser: DEMO.superUser, manager: DEMO.manager };

  beforeAll(async () => {
    test = await createTestApp(kind);
    // Pinned before anyone signs in, so sessions live on the same clock as the figures.
    test.app.clock.advance(NOW - test.app.clock.now().getTime());
    ids = (await insertDashboardFixture(test.database.db)).ids;
  });
  afterAll(async () => test?.close());

  it.each(FIGURES)("should answer 200 with %s's answer to a manager", async (figure) => {
    const answer = dashboardCalls[figure].answer.safeParse(
      await ok(DEMO.manager, DASHBOARD_CALLS[figure]),
    );
    expect(answer.error).toBeUndefined();
  });

  describe('access', () => {
    const GETS = [
      DASHBOARD_CALLS.completedVsTotal,
      DASHBOARD_CALLS.potentialVsActual,
      DASHBOARD_CALLS.savingPerAirline,
      DASHBOARD_CALLS.potentialVsActualByPeriod,
      DASHBOARD_CALLS.savingPerCustomerNumber,
      DASHBOARD_CALLS.admPerAirline,
      DASHBOARD_CALLS.youngPqs,
      DASHBOARD_CALLS.monthlyStat,
      DASHBOARD_CALLS.credits,
    ];

    it.each(GETS)('should refuse %s to an agent with 403 and to nobody with 401', async (path) => {
      expectError(await call(DEMO.agent, path), 403, 'FORBIDDEN');
      expectError(await call(null, path), 401, 'UNAUTHORIZED');
    });

    it.each(GETS)(
      "should answer 403 with the refusal for %s of Globe Tours' agency to a manager",
      async (path) => {
        expectError(
          await call(DEMO.manager, path, `?type=Agency&id=${ids.agency.globeTours}`),
          403,
          'FORBIDDEN',
        );
      },
    );
  });

  describe('bad input', () => {
    const path = DASHBOARD_CALLS.potentialVsActual;

    it.each([
      ['an unknown type', '?type=Company', 'type'],
      ['a non-numeric id', '?type=Agent&id=abc', 'id.0'],
      ['an unknown date type', '?dateFilter=BOOKING', 'dateFilter'],
      [
        'a date that does not exist',
        '?notificationDateFrom=2026-02-30&notificationDateTo=2026-03-01',
        'notificationDateFrom',
      ],
    ])('should answer 400 with field errors for %s', async (_, query, field) => {
      const body = expectError(await call(DEMO.manager, path, query), 400, 'BAD_REQUEST');
      expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
    });

    it('should answer 400 for an unknown ADM kind', async () => {
      const body = expectError(
        await call(DEMO.manager, DASHBOARD_CALLS.admPerAirline, '?notifType=Fares'),
        400,
        'BAD_REQUEST',
      );
      expect(Object.keys(body.fieldErrors ?? {})).toContain('notifType');
    });

    it('should answer 400 when a range has one end', async () => {
      const notification = expectError(
        await call(DEMO.manager, path, '?notificationDateFrom=2026-03-01'),
        400,
        'BAD_REQUEST',
      );
      expect(notification.fieldErrors).toEqual({ notificationDateTo: messages.dateRangeBothEnds });
      const pnr = expectError(await call(DEMO.manager, path, '?to=2026-03-01'), 400, 'BAD_REQUEST');
      expect(pnr.fieldErrors).toEqual({ from: messages.dateRangeBothEnds });
    });

    it('should answer 400 with the field error for a notification date in the future', async () => {
      const body = expectError(
        await call(
          DEMO.manager,
          path,
          '?notificationDateFrom=2026-03-01&notificationDateTo=2026-03-16',
        ),
        400,
        'BAD_REQUEST',
      );
      expect(body.fieldErrors).toEqual({ notificationDateTo: messages.dateInFuture });
    });

    it('should answer 200, 400 or 403 and never fail for any query string', async () => {
      const paths = [
        DASHBOARD_CALLS.completedVsTotal,
        DASHBOARD_CALLS.potentialVsActual,
        DASHBOARD_CALLS.savingPerAirline,
        DASHBOARD_CALLS.potentialVsActualByPeriod,
        DASHBOARD_CALLS.savingPerCustomerNumber,
        DASHBOARD_CALLS.admPerAirline,
        DASHBOARD_CALLS.youngPqs,
        DASHBOARD_CALLS.monthlyStat,
        DASHBOARD_CALLS.credits,
      ];
      const key = fc.constantFrom(
        'type',
        'id',
        'notificationDateFrom',
        'notificationDateTo',
        'dateFilter',
        'from',
        'to',
        'notifType',
        'other',
      );
      const value = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          '',
          'Agency',
          'Branch',
          'Agent',
          'CREATION',
          'DEPARTURE',
          'TICKETING',
          'All',
          'ADM',
          'Cancellation',
          '2026-02-30',
          '-1',
          '0',
          '1,2',
          '99999999999',
          "'; drop table notifications;--",
          String(ids.agency.globeTours),
          String(ids.branch.TLV1),
          String(ids.agent.AA),
        ),
        fc.integer().map(String),
        fc
          .date({ noInvalidDate: true, min: new Date('2022-01-01'), max: new Date('2027-01-01') })
          .map((date) => utcDayOf(date)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          fc.constantFrom<Who>('superUser', 'manager'),
          fc.array(fc.tuple(key, value), { maxLength: 6 }),
          async (path, who, pairs) => {
            const query = new URLSearchParams(pairs).toString();
            const res = await call(PERSON[who], path, query ? `?${query}` : '');
            expect([200, 400, 403], res.body).toContain(res.statusCode);
            if (res.statusCode !== 200) {
              expectError(
                res,
                res.statusCode,
                res.statusCode === 400 ? 'BAD_REQUEST' : 'FORBIDDEN',
              );
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  it('should describe each figure in the OpenAPI document', async () => {
    const doc = (await test.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      DASHBOARD_CALLS.completedVsTotal,
      DASHBOARD_CALLS.potentialVsActual,
      DASHBOARD_CALLS.savingPerAirline,
      DASHBOARD_CALLS.potentialVsActualByPeriod,
      DASHBOARD_CALLS.savingPerCustomerNumber,
      DASHBOARD_CALLS.admPerAirline,
      DASHBOARD_CALLS.youngPqs,
      DASHBOARD_CALLS.monthlyStat,
      DASHBOARD_CALLS.credits,
    ]) {
      const operation = doc.paths[`/api/${path}`]?.get;
      expect(operation?.tags, path).toEqual(['dashboard']);
      expect(operation?.description?.length, path).toBeGreaterThan(40);
    }
  });
});

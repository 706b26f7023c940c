import {
  ApiErrorBody,
  DESIGN_PROPERTIES_CALLS,
  DesignProperties,
  NOTIFICATION_CALLS,
  ROUTES,
  isRouteAllowed,
  routeRolesOf,
  type PublicShareResponse,
  type ServerRole,
  type ShareData,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, notifications } from '@/db/schema';
import { checkBooking } from '@/monitoring/check-booking';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;
type Form = Record<string, string | number>;

const HOSTILE_HEADER =
  '<h1 class="brand">Demo Travel</h1><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2" alt="logo">' +
  '<a href="javascript:window.__pwned = 3">Call us</a>' +
  '<style>body { display: none }</style><form action="/steal"><input name="card"></form>';

describe.each(TEST_DATABASE_KINDS)('the design properties calls on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  let demoTravel = 0;

  const headersOf = async (role: Role) => {
    const known = sessions.get(role);
    if (known) return known;
    const { headers } = await signIn(t.app, DEMO[role]);
    sessions.set(role, headers);
    return headers;
  };
  const get = async (role: Role | null, query: Form = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/${DESIGN_PROPERTIES_CALLS.get}`,
      headers: role ? await headersOf(role) : {},
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const save = async (role: Role | null, form: Form) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${DESIGN_PROPERTIES_CALLS.save}`,
      headers: {
        ...(role ? await headersOf(role) : {}),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(
        Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  const expectError = (
    res: { statusCode: number; body: string; json: () => unknown },
    status: number,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return ApiErrorBody.parse(res.json());
  };
  const storedRows = async () =>
    queryRows<{ agency_id: number | null; header_html: string | null; footer_html: string | null }>(
      t.database.db,
      sql`select agency_id, header_html, footer_html from design_properties
          order by agency_id nulls first`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agencies where name = 'Demo Travel'`,
    );
    demoTravel = row?.id ?? 0;
  });
  afterAll(() => t.close());

  it('should let super users alone read and save designs', async () => {
    for (const role of Object.keys(DEMO) as Role[]) {
      const [row] = await queryRows<{ roles: ServerRole[] }>(
        t.database.db,
        sql`select roles from users where email = ${DEMO[role].email}`,
      );
      const user = { routeRoles: routeRolesOf(row?.roles ?? []), betaFeatures: [] };
      const read = await get(role);
      const wrote = await save(role, { header: '<p>x</p>'.repeat(5000) });
      if (isRouteAllowed(ROUTES.designProperties, user)) {
        expect(read.statusCode, `${role}: ${read.body}`).toBe(200);
        expectError(wrote, 400);
      } else {
        expect(expectError(read, 403).code, role).toBe('FORBIDDEN');
        expect(expectError(wrote, 403).code, role).toBe('FORBIDDEN');
      }
    }
    expectError(await get(null), 401);
    expectError(await save(null, { header: '<p>x</p>' }), 401);
    expect(await storedRows()).toEqual([]);
  });

  it('should refuse bad input with a message per field and store nothing', async () => {
    const tooLong = expectError(
      await save('superUser', { header: 'a'.repeat(20_001), footer: 'b'.repeat(20_001) }),
      400,
    );
    expect(tooLong.fieldErrors).toEqual({
      header: 'Should be at most 20000 characters',
      footer: 'Should be at most 20000 characters',
    });
    const badId = expectError(
      await save('superUser', { agencyId: 'abc', header: '<p>x</p>' }),
      400,
    );
    expect(badId.fieldErrors).toEqual({ agencyId: 'Should be a positive whole number' });
    expectError(await save('superUser', { agencyId: 999_999, header: '<p>x</p>' }), 404);
    expectError(await get('superUser', { agencyId: 999_999 }), 404);
    expect(await storedRows()).toEqual([]);
  });

  it('should store no script, event handler or javascript: link, and keep the plain markup', async () => {
    const res = await save('superUser', {
      agencyId: demoTravel,
      header: HOSTILE_HEADER,
      footer: '<p onclick="alert(1)">Call <b>03-1234567</b></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = DesignProperties.parse(res.json());
    const [row] = await storedRows();
    expect(row?.agency_id).toBe(demoTravel);
    for (const html of [row?.header_html, row?.footer_html, saved.header, saved.footer]) {
      expect(html).toBeTruthy();
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<style|<form|<input|__pwned/i);
    }
    expect(row?.header_html).toContain('<h1 class="brand">Demo Travel</h1>');
    expect(row?.header_html).toContain('<img src="x" alt="logo">');
    expect(row?.header_html).toContain('<a>Call us</a>');
    expect(row?.footer_html).toBe('<p>Call <b>03-1234567</b></p>');
    expect(saved).toEqual({
      agencyId: demoTravel,
      header: row?.header_html,
      footer: row?.footer_html,
      inherited: false,
    });
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'designProperties.save'`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it("should answer an agency's own design, else the default it shows", async () => {
    const defaults = await save('superUser', { header: '', footer: '<p>Every agency</p>' });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(DesignProperties.parse(defaults.json())).toEqual({
      agencyId: null,
      header: null,
      footer: '<p>Every agency</p>',
      inherited: false,
    });
    const [globe] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agencies where name = 'Globe Tours'`,
    );
    const inherited = DesignProperties.parse(
      (await get('superUser', { agencyId: globe!.id })).json(),
    );
    expect(inherited).toEqual({
      agencyId: globe!.id,
      header: null,
      footer: '<p>Every agency</p>',
      inherited: true,
    });
    const own = DesignProperties.parse((await get('superUser', { agencyId: demoTravel })).json());
    expect(own.inherited).toBe(false);
    expect(own.header).toContain('Demo Travel');
  });

  it("should show the agency's saved design on a shared ticketing-due page", async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: DEMO.agent.email, ticketingDueInHours: 24 },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { locator } = booked.json<{ locator: string }>();
    const [booking] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    await checkBooking(
      { db: t.database.db, gds: t.app.gds, clock: t.app.clock, log: t.app.log },
      booking!.id,
    );
    const [notice] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.bookingId, booking!.id), eq(notifications.type, 'TicketingDue')));

    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.share}`,
      headers: await headersOf('agent'),
      payload: { notification_id: notice!.id },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = new URL(shared.json<ShareData>().url).pathname.split('/').slice(-3).join('/');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/${NOTIFICATION_CALLS.publicShare}/${link}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const row = (await storedRows()).find((stored) => stored.agency_id === demoTravel);
    expect(page.json<PublicShareResponse>().designProperties).toEqual({
      header: row?.header_html,
      footer: '<p>Call <b>03-1234567</b></p>',
    });
  });
});

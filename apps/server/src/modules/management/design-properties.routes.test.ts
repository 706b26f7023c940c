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
import { servicesOf } from '@/app';

type Role = keyof typeof DEMO;
type Form = Record<string, string | number>;

const HOSTILE_HEADER =
  '<h1 class="brand">Demo Travel</h1><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2" alt="logo">' +
  '<a href="javascript:window.__pwned = 3">Call us</a>' +
  '<style>body { display: none }</style><form action="/steal"><input name="card"></form>';

// The design page's calls over HTTP: what each answers, who may make them, the fields' refusals
// and the share page showing a saved design. What is stored and read back (sanitised HTML, the
// default an agency inherits) is design-properties.service.test.ts's.

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

  it('should refuse bad input with a message per field, and an unknown agency, and store nothing', async () => {
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
    expectError(await get('superUser', { agencyId: 999_999 }), 404);
    expect(await storedRows()).toEqual([]);
  });

  it('should answer the design a super user saves and reads', async () => {
    const res = await save('superUser', {
      agencyId: demoTravel,
      header: HOSTILE_HEADER,
      footer: '<p onclick="alert(1)">Call <b>03-1234567</b></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(DesignProperties.safeParse(res.json()).error).toBeUndefined();
    const read = await get('superUser', { agencyId: demoTravel });
    expect(read.statusCode, read.body).toBe(200);
    expect(DesignProperties.safeParse(read.json()).error).toBeUndefined();
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
      { db: t.database.db, gds: servicesOf(t.app).gds, clock: t.app.clock, log: t.app.log },
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

import {
  NOTIFICATION_CALLS,
  PublicShareResponse,
  type NotificationData,
  type NotificationType,
  type ShareData,
} from '@smt/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, agents, bookings, designProperties, notifications } from '@/db/schema';
import {
  createNotificationsWorld,
  DEMO,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import type { DemoPerson } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

const NEW_USER = { email: 'newcomer@demo.test', phone: '+972500000099' };
const LINK = /^http:\/\/localhost:8080\/smtapp\/share\/notification\/(\d+)\/(\d+)\/([\w-]+)$/;

// Sharing a notification over HTTP: what the share call and a link's call answer, the traveller's
// page (its HTML, headers and expired page), who may share and the shape of a refusal. What a
// link opens, until when, and whose notifications one may share are share.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('sharing a notification on %s', (kind) => {
  let world: NotificationsWorld;
  const taken = new Set<number>();
  const db = () => world.database.db;

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    for (const person of [
      DEMO.agent,
      DEMO.manager,
      DEMO.superUser,
      DEMO.operator,
      DEMO.globeManager,
      NEW_USER,
    ]) {
      await world.headersOf(person);
    }
  });
  afterAll(() => world.close());

  /**
   * A notification of an agent, with its booking's locator and data: a fresh one, or with
   * `reuse` the first one, for tests that leave it as it is (the demo raises only a few).
   */
  async function take(
    initials: string,
    type: NotificationType,
    { reuse = false, where = (_: NotificationData): boolean => true } = {},
  ) {
    const rows = await db()
      .select({
        id: notifications.id,
        pnr: bookings.pnrNumber,
        agencyId: notifications.agencyId,
        titleMessage: notifications.titleMessage,
        data: notifications.data,
      })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .innerJoin(agents, eq(agents.id, notifications.agentId))
      .where(
        and(
          eq(agents.initials, initials),
          eq(notifications.type, type),
          ne(notifications.status, 'DEL'),
        ),
      )
      .orderBy(asc(notifications.id));
    const row = rows.find((r) => (reuse || !taken.has(r.id)) && where(r.data));
    if (!row) throw new Error(`the engine raised no fresh ${type} for ${initials}`);
    taken.add(row.id);
    return row;
  }

  async function share(who: DemoPerson | null, id: number) {
    return world.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.share}`,
      headers: who ? await world.headersOf(who) : {},
      payload: { notification_id: id },
    });
  }

  async function linkOf(who: DemoPerson, id: number) {
    const response = await share(who, id);
    expect(response.statusCode).toBe(200);
    const data = response.json<ShareData>();
    const [, linkId, timestamp, token] = LINK.exec(data.url) ?? [];
    if (!linkId || !timestamp || !token) throw new Error(`not a share link: ${data.url}`);
    return { data, id: Number(linkId), timestamp: Number(timestamp), token };
  }

  /** Opens a link the way the public page does: no sign-in headers at all. */
  const open = (id: number | string, timestamp: number | string, token: string) =>
    world.app.inject({
      method: 'GET',
      url: `/api/${NOTIFICATION_CALLS.publicShare}/${id}/${timestamp}/${token}`,
    });

  it('should answer 200 with a signed link to the notification and the words to send it with', async () => {
    const notification = await take('AA', 'Reschedule');

    const { data, id } = await linkOf(DEMO.agent, notification.id);

    expect(id).toBe(notification.id);
    expect(typeof data.subject).toBe('string');
    expect(typeof data.messageText).toBe('string');
  });

  it('should answer 200 uncached without signing in when the link is fresh', async () => {
    const notification = await take('AA', 'Reschedule');
    const { timestamp, token } = await linkOf(DEMO.agent, notification.id);

    const response = await open(notification.id, timestamp, token);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(PublicShareResponse.safeParse(response.json()).error).toBeUndefined();
  });

  it('should answer 404 NOT_FOUND with the refusal when the link was tampered with', async () => {
    const notification = await take('AA', 'TicketingDue');
    const { timestamp, token } = await linkOf(DEMO.agent, notification.id);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

    const response = await open(notification.id, timestamp, flipped);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'The link has been expired',
      reason: 'share.link-expired',
    });
  });

  it.each([
    ['abc', '1700000000000', 'id'],
    ['12', 'yesterday', 'timestamp'],
    ['-3', '1700000000000', 'id'],
  ])('should answer 400 when the link has id %s and timestamp %s', async (id, ts, field) => {
    const response = await open(id, ts, 'token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { [field]: expect.any(String) },
    });
  });

  it.each<[string, string, DemoPerson | null, number]>([
    ["another agency's", 'GA', DEMO.manager, 404],
    ['any', 'AA', NEW_USER, 403],
    ['any', 'AA', null, 401],
  ])(
    'should refuse to share %s notification (%s) when asked by %o',
    async (_, owner, who, status) => {
      const notification = await take(owner, 'HoldsWaitlist', { reuse: true });
      const response = await share(who, notification.id);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        reason: status === 404 ? 'share.not-found' : expect.any(String),
      });
    },
  );

  /** Opens a link the way a traveller's browser does: the page's own address. */
  const openPage = (id: number | string, timestamp: number | string, token: string) =>
    world.app.inject({
      method: 'GET',
      url: `/smtapp/share/notification/${id}/${timestamp}/${token}`,
    });

  /** The page as a browser reads it, having checked what every page of a link must be. */
  function pageOf(response: Awaited<ReturnType<typeof openPage>>, status: number) {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toMatch(/<script/i);
    return new JSDOM(response.body).window.document;
  }
  const textsOf = (root: ParentNode, selector: string) =>
    [...root.querySelectorAll(selector)].map((node) => node.textContent);

  it('should write a schedule change as a page with no script when a traveller opens its link', async () => {
    const notification = await take('AA', 'Reschedule', {
      reuse: true,
      where: (data) => (data.sc?.oldFlights.length ?? 0) > 0,
    });
    const { timestamp, token } = await linkOf(DEMO.agent, notification.id);

    const page = pageOf(await openPage(notification.id, timestamp, token), 200);

    expect(page.title).toBe('Your reservation');
    expect(textsOf(page, 'header h1')).toEqual(['Your reservation']);
    expect(page.querySelector('footer')).toBeNull();
    expect(textsOf(page, 'main .card p')).toEqual([
      'Reservation number',
      notification.pnr,
      'This is to inform you of a change in your flight schedule',
    ]);
    expect(textsOf(page, 'main > p.closing')).toEqual([
      'We apologize for the change and wish you a pleasant flight.',
    ]);
    const sc = notification.data.sc;
    if (!sc) throw new Error('a schedule change without sc data');
    const blocks = [...page.querySelectorAll('main > section')].slice(0, sc.oldFlights.length);
    expect(blocks.map((block) => block.querySelector('h2')?.textContent)).toEqual(
      sc.oldFlights.map((old) => `Flight number ${old.airline}${old.flight_number}`),
    );
    const [first] = sc.oldFlights;
    const original = [...(blocks[0]?.querySelectorAll('section') ?? [])].find(
      (section) => section.querySelector('h3')?.textContent === 'Original flight details',
    );
    expect(textsOf(original!, 'th')).toEqual([
      'Departure date',
      'Route',
      'Departure time',
      'Arrival date',
      'Arrival time',
    ]);
    expect(textsOf(original!, 'tbody td')).toEqual([
      first!.departure.slice(0, 10).split('-').reverse().join('/'),
      `${first!.from} – ${first!.to}`,
      first!.departure.slice(11, 16),
      first!.arrival ? first!.arrival.slice(0, 10).split('-').reverse().join('/') : '—',
      first!.arrival ? first!.arrival.slice(11, 16) : '—',
    ]);
  });

  it('should write a ticketing due as a page with every flight when a traveller opens its link', async () => {
    const notification = await take('BA', 'TicketingDue');
    const { timestamp, token } = await linkOf(DEMO.manager, notification.id);

    const page = pageOf(await openPage(notification.id, timestamp, token), 200);

    expect(textsOf(page, 'main .card p')).toEqual([
      'Reservation number',
      notification.pnr,
      'Your reservation needs to be issued today, please confirm your reservation soon',
    ]);
    expect(textsOf(page, 'main h2')).toEqual(['Reservation details']);
    expect(textsOf(page, 'main th')).toEqual(['Route', 'Flight Number', 'Departure', 'Arrival']);
    const firstCells = (row: Element) =>
      [...row.querySelectorAll('td')].slice(0, 1).map((cell) => cell.textContent);
    expect([...page.querySelectorAll('main tbody tr')].map(firstCells)).toEqual(
      notification.data.flights.map((f) => [`${f.from} – ${f.to}`]),
    );
    expect(page.querySelector('main td:nth-child(2)')?.textContent).toMatch(
      new RegExp(
        `^${notification.data.flights[0]!.airline}${notification.data.flights[0]!.flight_number}`,
      ),
    );
  });

  it('should write the expired-link page with 404 when the link is tampered with or malformed', async () => {
    const notification = await take('AA', 'TicketingDue');
    const { timestamp, token } = await linkOf(DEMO.agent, notification.id);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const expectExpired = (document: Document) => {
      expect(textsOf(document, 'main h2')).toEqual(['The link has been expired']);
      expect(textsOf(document, 'main p')).toEqual(['Please contact your travel agent']);
      expect(textsOf(document, 'header h1')).toEqual(['Your reservation']);
    };

    for (const [id, ts, tok] of [
      [notification.id, timestamp, flipped],
      ['abc', timestamp, token],
      [notification.id, 'yesterday', token],
    ] as const) {
      expectExpired(pageOf(await openPage(id, ts, tok), 404));
    }
    pageOf(await openPage(notification.id, timestamp, token), 200);
  });

  it("should write the agency's header and footer into the page without what could run when its design has script", async () => {
    const [demo] = await db().select().from(agencies).where(eq(agencies.name, 'Demo Travel'));
    if (!demo) throw new Error('no Demo Travel agency');
    // Stored as it is, past the sanitising on save, to show the page sanitises again.
    await db().insert(designProperties).values({
      agencyId: demo.id,
      headerHtml:
        '<h1>Demo Travel</h1><script>alert(1)</script><img src="logo.png" onerror="alert(2)">',
      footerHtml:
        '<p>Call us</p><a href="javascript:alert(3)">x</a><style>main{display:none}</style>',
    });
    try {
      const notification = await take('AA', 'TicketingDue');
      const { timestamp, token } = await linkOf(DEMO.agent, notification.id);

      const response = await openPage(notification.id, timestamp, token);
      const page = pageOf(response, 200);

      expect(textsOf(page, 'header h1')).toEqual(['Demo Travel']);
      expect(page.querySelector('header img')?.getAttribute('src')).toBe('logo.png');
      expect(textsOf(page, 'footer p')).toEqual(['Call us']);
      expect(response.body).not.toMatch(/onerror|javascript:|alert\(/i);
      expect(page.querySelectorAll('style')).toHaveLength(1);
      expect(textsOf(page, 'main .card p')[2]).toBe(
        'Your reservation needs to be issued today, please confirm your reservation soon',
      );
    } finally {
      await db().delete(designProperties);
    }
  });

  it('should describe the share calls in the OpenAPI document', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `/api/${NOTIFICATION_CALLS.share}`,
        `/api/${NOTIFICATION_CALLS.publicShare}/{id}/{timestamp}/{token}`,
        `/api/${NOTIFICATION_CALLS.data}`,
        `/api/${NOTIFICATION_CALLS.bulkDelete}`,
        `/api/${NOTIFICATION_CALLS.cancelPnr}`,
      ]),
    );
  });
});

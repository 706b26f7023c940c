import { DAY_MS, type Flight, type NotificationData, type NotificationType } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agencies, designProperties, notifications } from '@/db/schema';
import type { Scope } from '@/db/scope';
import { Clock } from '@/lib/clock';
import { aBooking, aSegment, NOW } from '@/monitoring/detectors/testing/booking-builder';
import { flightDataOf, notificationDataOf } from '@/monitoring/notification-data-of';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import {
  aBookingOf,
  aNotificationOn,
  type DemoAgent,
  type NotificationSpec,
} from '../../../test/service-notifications';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createShareLinks, type ShareLink } from './share-link';
import { createShareService } from './share.service';

// Sharing a notification's rules, called as its routes call them: the caller's scope as the
// auth plugin gives it, a link as the public call's parameters read it. The HTTP answers, the
// traveller's page and a malformed link are share.routes.test.ts's.

const PUBLIC_URL = 'http://localhost:8080';
const LINK = /^http:\/\/localhost:8080\/smtapp\/share\/notification\/(\d+)\/(\d+)\/([\w-]+)$/;
const EXPIRED = {
  code: 'NOT_FOUND',
  message: 'The link has been expired',
  reason: 'share.link-expired',
} as const;

/** A schedule change: the first flight moved, the second cancelled, and a flight added. */
const SCHEDULE_CHANGE: NonNullable<NotificationData['sc']> = {
  oldFlights: [
    flightDataOf(
      aSegment({ id: 's1', departure: '2026-03-08 10:00', arrival: '2026-03-08 15:00' }),
    ),
    flightDataOf(
      aSegment({
        id: 's2',
        flightNumber: '008',
        from: 'JFK',
        to: 'TLV',
        departure: '2026-03-20 23:00',
        arrival: '2026-03-21 16:30',
      }),
    ),
  ],
  newFlights: [
    flightDataOf(
      aSegment({ id: 's1', departure: '2026-03-08 12:30', arrival: '2026-03-08 17:30' }),
    ),
    flightDataOf(
      aSegment({
        id: 's3',
        airline: 'B6',
        flightNumber: '1',
        from: 'JFK',
        to: 'LAX',
        departure: '2026-03-09 08:00',
        arrival: '2026-03-09 11:15',
      }),
    ),
  ],
};

describe(createShareService.name, () => {
  const database = useServiceDatabase();
  let clock: Clock;
  const links = createShareLinks('service-test-secret');
  let sut: ReturnType<typeof createShareService>;

  beforeEach(() => {
    clock = new Clock();
    sut = createShareService({ db: database.db, clock, links, publicUrl: PUBLIC_URL });
  });

  const scopeOf = async (person: DemoPerson): Promise<Scope> =>
    (await callerAs(database.db, person)).scope;

  /** A notification of the agent on a booking of their own, with the booking as it stood. */
  const aNotification = async (
    agent: DemoAgent,
    type: NotificationType,
    over: Omit<NotificationSpec, 'type'> = {},
  ) => {
    const booking = await aBookingOf(database.db, agent);
    const data = notificationDataOf(
      aBooking({
        locator: booking.pnrNumber,
        agentInitials: agent,
        segments: [
          aSegment({ id: 's1' }),
          aSegment({ id: 's2', flightNumber: '008', from: 'JFK', to: 'TLV' }),
        ],
      }),
      NOW,
      type === 'Reschedule' ? SCHEDULE_CHANGE : null,
    );
    const id = await aNotificationOn(database.db, booking, { type, data, ...over });
    return { id, pnr: booking.pnrNumber, agencyId: booking.agencyId, data, ...over };
  };

  /** A link as the caller would send it, read back from its address. */
  const linkOf = async (person: DemoPerson, id: number) => {
    const data = await sut.shareData(await scopeOf(person), id);
    const [, linkId, timestamp, token] = LINK.exec(data.url) ?? [];
    if (!linkId || !timestamp || !token) throw new Error(`not a share link: ${data.url}`);
    const link: ShareLink = { id: Number(linkId), timestamp: Number(timestamp), token };
    return { data, link };
  };
  const segmentOf = (flight: Flight) => ({
    flightNumber: `${flight.airline}${flight.flight_number}`,
    origin: flight.from,
    dest: flight.to,
    departureDate: flight.departure,
    arrivalDate: flight.arrival,
    status: flight.status,
  });
  const demoTravelId = async () => {
    const [row] = await database.db.select().from(agencies).where(eq(agencies.name, 'Demo Travel'));
    if (!row) throw new Error('no Demo Travel agency');
    return row.id;
  };

  describe('shareData', () => {
    it('should give a signed link and words naming the PNR when an agent shares a schedule change', async () => {
      const notification = await aNotification('AA', 'Reschedule', {
        titleMessage: 'LY315 TLV-JFK now leaves at 12:30.',
      });
      const before = clock.now().getTime();

      const { data, link } = await linkOf(DEMO.agent, notification.id);

      expect(link.id).toBe(notification.id);
      expect(link.timestamp).toBeGreaterThanOrEqual(before);
      expect(link.timestamp).toBeLessThanOrEqual(clock.now().getTime());
      expect(data.subject).toBe(`Your reservation ${notification.pnr}`);
      expect(data.messageText).toContain(notification.pnr);
      expect(data.messageText).toContain('LY315 TLV-JFK now leaves at 12:30');
      expect(data.messageText.endsWith(data.url)).toBe(true);
    });

    it("should let an agent's managers and the super user share it, naming the PNR", async () => {
      const ticketing = await aNotification('BA', 'TicketingDue');
      const reprice = await aNotification('GA', 'Reprice');

      expect((await linkOf(DEMO.manager, ticketing.id)).data.messageText).toContain(ticketing.pnr);
      expect((await linkOf(DEMO.superUser, reprice.id)).data.messageText).toContain(reprice.pnr);
    });

    it.each<[string, DemoAgent, keyof typeof DEMO]>([
      ["another agent's", 'BA', 'agent'],
      ["another agency's", 'GA', 'manager'],
      ["another agency's", 'AA', 'globeManager'],
      ['any', 'AA', 'operator'],
    ])(
      'should refuse to share %s notification (%s) when asked by %s, as if there were none',
      async (_, owner, who) => {
        const notification = await aNotification(owner, 'HoldsWaitlist');

        const refusal = await refusalOf(sut.shareData(await scopeOf(DEMO[who]), notification.id));

        expect(refusal).toEqual({
          code: 'NOT_FOUND',
          message: 'Notification not found',
          reason: 'share.not-found',
        });
      },
    );
  });

  describe('openLink', () => {
    it('should open a schedule change, each changed flight beside its old segment, without a design', async () => {
      const notification = await aNotification('AA', 'Reschedule');
      const { link } = await linkOf(DEMO.agent, notification.id);

      const { responseData, designProperties: design } = await sut.openLink(link);

      expect(design).toEqual({ header: null, footer: null });
      expect(responseData.notificationType).toBe('SC');
      expect(responseData.pnrNumber).toBe(notification.pnr);
      const sc = notification.data.sc;
      if (!sc) throw new Error('a schedule change without sc data');
      // One entry per changed flight, in the order of the old flights, each with its old segment.
      const changed = responseData.flights.slice(0, sc.oldFlights.length);
      expect(changed.map((f) => [f.flightNumber, f.prevSegments])).toEqual(
        sc.oldFlights.map((old) => [`${old.airline}${old.flight_number}`, [segmentOf(old)]]),
      );
      const shownNew = responseData.flights.flatMap((f) => f.currSegments ?? []);
      expect(shownNew.map((s) => `${s.origin}-${s.dest} ${s.departureDate}`).sort()).toEqual(
        sc.newFlights.map((f) => `${f.from}-${f.to} ${f.departure}`).sort(),
      );
    });

    it('should open every flight as a reservation detail when a manager shares a ticketing due', async () => {
      const notification = await aNotification('BA', 'TicketingDue');
      const { link } = await linkOf(DEMO.manager, notification.id);

      const { responseData } = await sut.openLink(link);

      expect(responseData).toEqual({
        notificationType: 'TD',
        pnrNumber: notification.pnr,
        flights: notification.data.flights.map((f) => ({
          flightNumber: `${f.airline}${f.flight_number}`,
          prevSegments: [segmentOf(f)],
        })),
      });
      expect(responseData.flights.length).toBeGreaterThan(0);
    });

    it('should open nothing to render when the super user shares another kind of notification', async () => {
      const notification = await aNotification('GA', 'Reprice');
      const { link } = await linkOf(DEMO.superUser, notification.id);

      const { responseData } = await sut.openLink(link);

      expect(responseData).toEqual({
        notificationType: null,
        pnrNumber: notification.pnr,
        flights: [],
      });
    });

    it("should show the agency's header and footer, else the default ones, when design properties exist", async () => {
      await database.db.insert(designProperties).values([
        { agencyId: null, headerHtml: '<h1>Travel</h1>', footerHtml: '<p>Default</p>' },
        { agencyId: await demoTravelId(), headerHtml: '<h1>Demo Travel</h1>', footerHtml: null },
      ]);
      const ours = await aNotification('AA', 'TicketingDue');
      const theirs = await aNotification('GA', 'TicketingDue');
      const designOf = async (id: number) =>
        (await sut.openLink((await linkOf(DEMO.superUser, id)).link)).designProperties;

      expect(await designOf(ours.id)).toEqual({ header: '<h1>Demo Travel</h1>', footer: null });
      expect(await designOf(theirs.id)).toEqual({
        header: '<h1>Travel</h1>',
        footer: '<p>Default</p>',
      });
    });

    it('should refuse a link that was tampered with as expired', async () => {
      const notification = await aNotification('AA', 'TicketingDue');
      const other = await aNotification('AA', 'HoldsWaitlist');
      const { link } = await linkOf(DEMO.agent, notification.id);
      const { token, timestamp } = link;
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

      for (const tampered of [
        { ...link, token: flipped },
        { ...link, token: `${token}x` },
        { ...link, timestamp: timestamp - 1 },
        { ...link, id: other.id },
      ]) {
        expect(await refusalOf(sut.openLink(tampered))).toEqual(EXPIRED);
      }
      expect((await sut.openLink(link)).responseData.pnrNumber).toBe(notification.pnr);
    });

    it('should refuse a link older than 30 days or from the future as expired', async () => {
      const notification = await aNotification('AA', 'Reschedule');
      const { link } = await linkOf(DEMO.agent, notification.id);
      const future = links.sign(notification.id, new Date(clock.now().getTime() + DAY_MS));
      expect(await refusalOf(sut.openLink(future))).toEqual(EXPIRED);

      clock.advance(29 * DAY_MS);
      expect((await sut.openLink(link)).responseData.pnrNumber).toBe(notification.pnr);
      clock.advance(2 * DAY_MS);

      expect(await refusalOf(sut.openLink(link))).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('should refuse a link to a notification deleted after sharing as expired', async () => {
      const notification = await aNotification('AA', 'Reschedule');
      const { link } = await linkOf(DEMO.agent, notification.id);
      await database.db
        .update(notifications)
        .set({ status: 'DEL', statusBeforeDelete: 'NEW' })
        .where(eq(notifications.id, notification.id));

      expect(await refusalOf(sut.openLink(link))).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('openPage', () => {
    it("should sanitise the agency's header and footer once more, whatever was stored", async () => {
      // Stored as it is, past the sanitising on save, to show the page sanitises again.
      await database.db.insert(designProperties).values({
        agencyId: await demoTravelId(),
        headerHtml:
          '<h1>Demo Travel</h1><script>alert(1)</script><img src="logo.png" onerror="alert(2)">',
        footerHtml:
          '<p>Call us</p><a href="javascript:alert(3)">x</a><style>main{display:none}</style>',
      });
      const notification = await aNotification('AA', 'TicketingDue');
      const { link } = await linkOf(DEMO.agent, notification.id);

      const { designProperties: design, responseData } = await sut.openPage(link);

      expect(design.header).toContain('<h1>Demo Travel</h1>');
      expect(design.header).toContain('logo.png');
      expect(design.footer).toContain('<p>Call us</p>');
      expect(`${design.header}${design.footer}`).not.toMatch(
        /<script|onerror|javascript:|alert\(|<style/i,
      );
      expect(responseData.notificationType).toBe('TD');
    });

    it('should refuse a link that was tampered with or is older than 30 days as expired', async () => {
      const notification = await aNotification('AA', 'TicketingDue');
      const { link } = await linkOf(DEMO.agent, notification.id);

      expect(await refusalOf(sut.openPage({ ...link, timestamp: link.timestamp - 1 }))).toEqual(
        EXPIRED,
      );
      clock.advance(31 * DAY_MS);
      expect(await refusalOf(sut.openPage(link))).toEqual(EXPIRED);
    });
  });
});

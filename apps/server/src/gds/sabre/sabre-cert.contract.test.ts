import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutgoingGuard, type OutgoingGuard } from '@/lib/outgoing-address';
import { silentLog } from '../../../test/silent-log';
import { SABRE_ENVIRONMENTS, type SabreAccess } from './sabre-access';
import { createSabreGds, SABRE_SYSTEM_QUEUES } from './sabre-adapter';
import { probeSabre } from './sabre-probe';
import { historyRequest, queueCountRequest } from './sabre-requests';
import { createSabreRest } from './sabre-rest';
import { BookingShape, CheckTicketsShape } from './sabre-schemas';
import { createSabreSessions } from './sabre-sessions';
import { all, businessErrorsOf, faultOf, parseSoap, text } from './sabre-soap';
import { queueCountsOf } from './sabre-soap-answers';

// The thin client against Sabre's certification environment, when an EPR of it is given
// (SABRE_CERT_USERNAME, SABRE_CERT_PCC, SABRE_CERT_PASSWORD; SABRE_CERT_LOCATOR for a PNR to
// read): the stand-in answers as Sabre's published samples do, this checks that Sabre itself
// still takes our requests and answers what our readers and zod shapes read. Read-only: it
// lists queues without entering them and changes no PNR. The password is never retried
// wrong, which would lock the EPR.

const epr = process.env.SABRE_CERT_USERNAME ?? '';
const pcc = (process.env.SABRE_CERT_PCC ?? '').toUpperCase();
const password = process.env.SABRE_CERT_PASSWORD ?? '';
const locator = (process.env.SABRE_CERT_LOCATOR ?? '').toUpperCase();
const configured = epr !== '' && pcc !== '' && password !== '';

const access: SabreAccess = { epr, pcc, password, ...SABRE_ENVIRONMENTS.CERT };

// A production server's guard: Sabre's addresses pass it as public https hosts.
const strict = createOutgoingGuard({
  rules: { production: true, allowedHosts: [], operatorOrigins: [] },
  log: silentLog,
});

/** Each SOAP message sent, with how Sabre answered it (a fault in our words). */
const sent: { action: string; status: number; fault: string | null }[] = [];
const guard: OutgoingGuard = {
  check: strict.check,
  send: async (address, request, purpose) => {
    const answer = await strict.send(address, request, purpose);
    const action = request.headers.SOAPAction;
    if (action) {
      const parsed = parseSoap(answer.body.toString('utf8'));
      const fault = parsed ? (faultOf(parsed)?.message ?? null) : 'unreadable';
      sent.push({ action, status: answer.status, fault });
    }
    return answer;
  },
};

const GET_BOOKING = '/v1/trip/orders/getBooking';
/** The issues of a shape that refused an answer: where and what, never the values. */
const issuesOf = (shape: z.ZodType, answer: unknown) =>
  (shape.safeParse(answer).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );

describe.skipIf(!configured)(
  `the Sabre client against Sabre's certification environment${configured ? '' : ' (skipped: SABRE_CERT_USERNAME, SABRE_CERT_PCC and SABRE_CERT_PASSWORD are not set)'}`,
  { timeout: 60_000 },
  () => {
    const rest = createSabreRest({ access, guard });
    const sessions = createSabreSessions({ access, guard });
    const gds = createSabreGds({ access, guard, queues: SABRE_SYSTEM_QUEUES });
    const closeAll = () => Promise.all([sessions.close(), gds.close()]);
    afterAll(closeAll);

    it('should get a REST token for the EPR at the PCC', async () => {
      await expect(rest.signIn()).resolves.toBeUndefined();
    });

    it("should open a session and count the PCC's queues, each count read as Sabre writes it", async () => {
      const answer = await sessions.withSession((call) =>
        call('QueueCountLLSRQ', queueCountRequest(pcc)),
      );
      expect(businessErrorsOf(answer)).toBeNull();
      const counts = queueCountsOf(answer);
      const numbered = all(answer, 'QueueInfo')
        .flatMap((info) => all(info, 'QueueIdentifier'))
        .map((queue) => Number(text(queue, '@Number')))
        .filter(Number.isInteger);
      expect([...counts.keys()].sort()).toEqual([...new Set(numbered)].sort());
      for (const count of counts.values()) expect(count).toBeGreaterThanOrEqual(0);
    });

    it('should sign in and count the system queues as Test connection does', async () => {
      const result = await probeSabre(
        { ...access, environment: 'CERT', queues: SABRE_SYSTEM_QUEUES, pccs: [] },
        guard,
      );
      expect(result, result.message).toMatchObject({ ok: true });
      const listed = SABRE_SYSTEM_QUEUES.map((queue) => `${queue} \\(\\d+\\)`).join(', ');
      expect(result.message).toMatch(
        new RegExp(
          `^Signed in to Sabre certification as EPR ${epr} at ${pcc}\\. ${pcc} queues: ${listed}$`,
        ),
      );
    });

    it('should list the PNRs on the system queues that hold any, leaving them there', async () => {
      const locators = await gds.listChangedBookings(pcc, null);
      for (const each of locators) expect(each).toMatch(/^[A-Z0-9]{6}$/);
    });

    it.skipIf(locator === '')(
      `should read the PNR${locator === '' ? ' (skipped: SABRE_CERT_LOCATOR is not set)' : ''}, its answers taken by our shapes`,
      async () => {
        const booking = await rest.post(
          GET_BOOKING,
          { confirmationId: locator },
          z.unknown(),
          'read',
        );
        expect(issuesOf(BookingShape, booking)).toEqual([]);
        if (BookingShape.parse(booking).isTicketed === true) {
          const tickets = await rest.post(
            '/v1/trip/orders/checkFlightTickets',
            { confirmationId: locator },
            z.unknown(),
            'read',
          );
          expect(issuesOf(CheckTicketsShape, tickets)).toEqual([]);
        }
        const history = await sessions.withSession((call) =>
          call('TravelItineraryHistoryLLSRQ', historyRequest(locator)),
        );
        expect(businessErrorsOf(history)).toBeNull();

        const read = await gds.retrieveBooking(locator);
        expect(read?.locator).toBe(locator);
        for (const segment of read?.segments ?? []) {
          expect(segment.airline).toMatch(/^[A-Z0-9]{2}$/);
          expect(Number.isNaN(Date.parse(segment.departsAt))).toBe(false);
        }
      },
    );

    it('should close every session it opened', async () => {
      await closeAll();
      const opened = sent.filter((each) => each.action === 'SessionCreateRQ');
      const closed = sent.filter((each) => each.action === 'SessionCloseRQ');
      expect(opened.length).toBeGreaterThan(0);
      expect(opened.filter((each) => each.status !== 200 || each.fault !== null)).toEqual([]);
      expect(closed.filter((each) => each.status !== 200 || each.fault !== null)).toEqual([]);
      expect(closed).toHaveLength(opened.length);
    });
  },
);

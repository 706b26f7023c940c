import { ticketingMessages, TicketingQuery } from '@smt/shared';
import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '@/db/schema';
import type { GdsRegistry } from '@/gds/gds-registry';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createPnrTicketing, ticketingRefusals } from './pnr-ticketing.service';

// Sending a booking to ticketing, called as its route calls it: the query parsed by the call's
// schema, the actor as the auth plugin gives them, over a simulator standing still. Who may
// call, the answer's shape and the shape of a refusal are pnrs.routes.test.ts's.

// Every demo agency books in the simulator: no test here reaches another provider.
const noOtherProvider: Pick<GdsRegistry, 'forConnection'> = {
  forConnection: async (connectionId) => {
    throw new Error(`connection ${connectionId} is not the simulator's`);
  },
};

describe(createPnrTicketing.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 7, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createPnrTicketing>;

  beforeEach(async () => {
    clock = new Clock();
    sut = createPnrTicketing({
      db: database.db,
      gds: world.sim,
      registry: noOtherProvider,
      clock,
    });
    await ensureDefaultProcessSettings(database.db);
  });

  const aBooking = (type: 'OTA' | 'REGULAR', person: DemoPerson = DEMO.agent) =>
    aDevBooking({ db: database.db, sim: world.sim, clock }, { agentEmail: person.email, type });
  const ticket = async (person: DemoPerson, locator: string) => {
    const caller = await callerAs(database.db, person);
    const query = TicketingQuery.parse({ pnrNumber: locator, gdsId: 'SIM' });
    return sut({ ...caller, user: { agentId: caller.agentId } }, query);
  };
  const stateOf = async (bookingId: number) => {
    const [row] = await database.db
      .select({ isTicketed: bookings.isTicketed, isTicketing: bookings.isTicketing })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row;
  };
  const lastAudit = async (locator: string) => {
    const [row] = await database.db
      .select({ result: auditLog.result, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pnr.ticketing'), eq(auditLog.entityId, locator)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  describe('sendToTicketing', () => {
    it.each(['FAILURE', 'EXPIRED', 'LOCKED', 'PARTIAL_SUCCESS', 'SUCCESS'] as const)(
      'should answer the GDS state %s and record it',
      async (state) => {
        const booking = await aBooking('OTA');
        const errorText = state === 'FAILURE' ? 'Card declined' : null;
        await world.sim.scriptTicketing(booking.locator, { state, errorText });

        const answer = await ticket(DEMO.agent, booking.locator);

        expect(answer.data).toEqual({ state, errorText });
        expect(ticketingMessages[state].length).toBeGreaterThan(0);
        const issued = state === 'SUCCESS' || state === 'PARTIAL_SUCCESS';
        expect(await stateOf(booking.bookingId)).toEqual({
          isTicketed: issued,
          isTicketing: false,
        });
        expect(await lastAudit(booking.locator)).toMatchObject({
          result: issued ? 'SUCCESS' : 'FAILURE',
          details: { state },
        });
      },
    );

    it('should answer LOCKED without asking the GDS while a ticketing runs', async () => {
      const booking = await aBooking('OTA');
      await database.db
        .update(bookings)
        .set({ isTicketing: true })
        .where(eq(bookings.id, booking.bookingId));

      const answer = await ticket(DEMO.agent, booking.locator);

      expect(answer.data.state).toBe('LOCKED');
      expect((await world.sim.retrieveBooking(booking.locator))?.isTicketed).toBe(false);
    });

    it('should refuse a booking that is not OTA', async () => {
      const booking = await aBooking('REGULAR');

      expect(await refusalOf(ticket(DEMO.agent, booking.locator))).toEqual({
        code: 'CONFLICT',
        reason: 'pnrs.not-ota',
        message: ticketingRefusals.notOta,
      });
    });

    it('should refuse a booking already ticketed', async () => {
      const booking = await aBooking('OTA');
      await world.sim.scriptTicketing(booking.locator, { state: 'SUCCESS', errorText: null });
      await ticket(DEMO.agent, booking.locator);

      expect(await refusalOf(ticket(DEMO.agent, booking.locator))).toEqual({
        code: 'CONFLICT',
        reason: 'pnrs.already-ticketed',
        message: ticketingRefusals.ticketed,
      });
    });

    it("should refuse another agent's booking as none of the caller's, and leave it be", async () => {
      const booking = await aBooking('OTA', DEMO.agent2);

      expect(await refusalOf(ticket(DEMO.agent, booking.locator))).toEqual({
        code: 'NOT_FOUND',
        reason: 'pnrs.not-yours',
        message: ticketingRefusals.notYours,
      });
      expect(await stateOf(booking.bookingId)).toEqual({ isTicketed: false, isTicketing: false });
    });
  });
});

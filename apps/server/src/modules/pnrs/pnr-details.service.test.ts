import { PnrDetailsQuery } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '@/db/schema';
import type { GdsRegistry } from '@/gds/gds-registry';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { checkBooking } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createPnrDetails } from './pnr-details.service';

// One booking of My PNRs, read as its route reads it: the id parsed by the call's schema, the
// caller as the auth plugin gives them, over a simulator standing still. Who may call, the
// answer's shape and the shape of a refusal are pnrs.routes.test.ts's.

// Every demo agency books in the simulator: no test here reaches another provider.
const noOtherProvider: Pick<GdsRegistry, 'forConnection'> = {
  forConnection: async (connectionId) => {
    throw new Error(`connection ${connectionId} is not the simulator's`);
  },
};

describe(createPnrDetails.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 13, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createPnrDetails>;

  beforeEach(async () => {
    clock = new Clock();
    sut = createPnrDetails({ db: database.db, gds: world.sim, registry: noOtherProvider, clock });
    await ensureDefaultProcessSettings(database.db);
  });

  const aBooking = (person: DemoPerson = DEMO.agent) =>
    aDevBooking({ db: database.db, sim: world.sim, clock }, { agentEmail: person.email });
  const read = async (person: DemoPerson, id: number) => {
    const { agentId, scope } = await callerAs(database.db, person);
    return sut.read({ user: { agentId }, scope }, PnrDetailsQuery.parse({ id }).id);
  };

  describe('read', () => {
    it('should show a booking not checked yet with the passengers, contact and flights the GDS gives', async () => {
      const booking = await aBooking();

      const details = await read(DEMO.agent, booking.bookingId);

      const gds = await world.sim.retrieveBooking(booking.locator);
      expect(details.pnr.id).toBe(booking.locator);
      expect(details.passengers.map((p) => p.last_name)).toEqual(
        gds?.passengers.map((p) => p.lastName),
      );
      expect(details.contact.name).toBe(gds?.contact.name);
      expect(details.flights.length).toBeGreaterThan(0);
    });

    it("should take a checked booking's state from its row, which knows the latest", async () => {
      const booking = await aBooking();
      await checkBooking(
        { db: database.db, gds: world.sim, clock, log: silentLog },
        booking.bookingId,
      );
      await database.db
        .update(bookings)
        .set({ isCancelled: true })
        .where(eq(bookings.id, booking.bookingId));

      const details = await read(DEMO.agent, booking.bookingId);

      expect(details.pnr).toMatchObject({
        id: booking.locator,
        is_cancelled: true,
        is_ticketed: false,
        is_departed: false,
      });
    });

    it("should refuse another agent's booking as none of the caller's", async () => {
      const booking = await aBooking(DEMO.agent2);

      expect(await refusalOf(read(DEMO.agent, booking.bookingId))).toEqual({
        code: 'NOT_FOUND',
        reason: 'pnrs.not-yours',
        message: 'There is no such PNR among your bookings.',
      });
    });
  });
});

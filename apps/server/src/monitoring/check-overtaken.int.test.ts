import { PNR_CALLS, TicketingResponse } from '@smt/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookingChecks, bookings } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import { createNotificationsWorld, type NotificationsWorld } from '../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { callAs, demoIds } from '../modules/notifications/notification-list.test-helpers';
import { checkBooking } from './check-booking';

// A check reads the booking from the GDS, then writes what it read. An agent who sent the
// booking to ticketing in between saw it ticketed, and the check then wrote it back unticketed
// (the browser tests' ticketing journey, CI of 2b9a328): a check's reading must not overwrite a
// change made to the booking after its read.

/** The GDS, with `meanwhile` run after each read of a booking and before the check goes on. */
function readingThen(gds: GdsClient, meanwhile: () => Promise<void>): GdsClient {
  return new Proxy(gds, {
    get(target, property) {
      if (property === 'retrieveBooking') {
        return async (locator: string) => {
          const read = await target.retrieveBooking(locator);
          await meanwhile();
          return read;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(target);
      return bound;
    },
  });
}

describe.each(TEST_DATABASE_KINDS)('a check overtaken by a change to its booking on %s', (kind) => {
  let world: NotificationsWorld;
  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
  });
  afterAll(() => world.close());

  it('should leave a booking ticketed while the check read it ticketed, and read it again', async () => {
    const ids = await demoIds(world.database.db);
    const [booking] = await queryRows<{ id: number; pnr_number: string; gds_id: string }>(
      world.database.db,
      sql`select id, pnr_number, gds_id from bookings
          where agent_id = ${ids.agent.AA} and type = 'OTA' and ticketing_supported
            and not is_ticketed and not is_cancelled and not is_departed
          order by id limit 1`,
    );
    if (!booking) throw new Error('the agent has an OTA booking to ticket');
    await world.sim.scriptTicketing(booking.pnr_number, { state: 'SUCCESS', errorText: null });

    let reads = 0;
    const gds = readingThen(world.sim, async () => {
      reads += 1;
      if (reads > 1) return;
      const res = await callAs(world, 'agent', {
        method: 'GET',
        url: `/api/${PNR_CALLS.ticketing}?pnrNumber=${booking.pnr_number}&gdsId=${booking.gds_id}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(TicketingResponse.parse(res.json()).data.state).toBe('SUCCESS');
    });
    const checksBefore = await world.database.db.$count(
      bookingChecks,
      eq(bookingChecks.bookingId, booking.id),
    );

    const outcome = await checkBooking(
      { db: world.database.db, gds, clock: world.app.clock, log: world.app.log },
      booking.id,
    );

    expect(outcome.status).toBe('checked');
    // The first reading was the unticketed booking; the check read it once more.
    expect(reads).toBe(2);
    const [after] = await world.database.db
      .select({
        isTicketed: bookings.isTicketed,
        isTicketing: bookings.isTicketing,
        checkLeaseUntil: bookings.checkLeaseUntil,
      })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(after).toEqual({ isTicketed: true, isTicketing: false, checkLeaseUntil: null });
    // Only the check whose reading stood is recorded.
    expect(
      await world.database.db.$count(bookingChecks, eq(bookingChecks.bookingId, booking.id)),
    ).toBe(checksBefore + 1);
  });
});

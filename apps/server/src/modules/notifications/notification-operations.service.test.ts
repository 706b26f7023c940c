import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { checkBooking } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, useServiceDatabase } from '../../../test/service-database';
import { aBookingOf, aNotificationOn } from '../../../test/service-notifications';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createNotificationOperations } from './notification-operations.service';

// What an operation on a notification leaves stored, called as the execute route calls it:
// the actor as the auth plugin gives them, over a simulator standing still. The answer's shape,
// who may call and the shape of a refusal are notification-details.routes.test.ts's; each
// operation's GDS side is notification-operations.int.test.ts's.

describe(createNotificationOperations.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 19, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createNotificationOperations>;

  beforeEach(async () => {
    clock = new Clock();
    sut = createNotificationOperations({ db: database.db, gds: world.sim, clock });
    await ensureDefaultProcessSettings(database.db);
  });

  const rowOf = async (id: number) => {
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error(`no notification ${id}`);
    return row;
  };

  describe('execute', () => {
    it('should store a Failed subtype when the GDS refuses the ticketing', async () => {
      const booking = await aDevBooking(
        { db: database.db, sim: world.sim, clock },
        { agentEmail: DEMO.agent.email, ticketingDueInHours: 20 },
      );
      await checkBooking(
        { db: database.db, gds: world.sim, clock, log: silentLog },
        booking.bookingId,
      );
      const [due] = await database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.bookingId, booking.bookingId),
            eq(notifications.type, 'TicketingDue'),
          ),
        );
      if (!due) throw new Error('the check raised no ticketing due');
      await world.sim.scriptTicketing(booking.locator, { state: 'FAILURE', errorText: null });

      const { header } = await sut.execute(await callerAs(database.db, DEMO.agent), due.id, 'A');

      expect(header.subtype).toBe('Failed');
      expect((await rowOf(due.id)).subtype).toBe('Failed');
    });

    it('should flip type_status when a manager stops and continues repricing', async () => {
      const id = await aNotificationOn(database.db, await aBookingOf(database.db, 'BA'), {
        type: 'Reprice',
      });
      const manager = await callerAs(database.db, DEMO.manager);

      const stop = await sut.execute(manager, id, 'SR');

      expect(stop.header).toMatchObject({ type_status: 'Inactive', subtype: 'Pending' });
      expect((await rowOf(id)).typeStatus).toBe('Inactive');

      const keep = await sut.execute(manager, id, 'CR');

      expect(keep.header).toMatchObject({ type_status: 'Active', subtype: 'Pending' });
      expect((await rowOf(id)).typeStatus).toBe('Active');
    });
  });
});

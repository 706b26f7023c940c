import { DAY_MS, PnrListRequest, utcDayOf, validationMessages as messages } from '@smt/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import type { GdsRegistry } from '@/gds/gds-registry';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createPnrList } from './pnr-list.service';

// My PNRs' list and its refreshes, called as their routes call them: the body parsed by the
// call's schema, the caller as the auth plugin gives them, over a simulator standing still.
// Who may call, the answers' shapes, the filters and sorting over the demo's many bookings and
// the shape of a refusal are pnrs.routes.test.ts's.

// Every demo agency books in the simulator: no test here reaches another provider.
const noOtherProvider: Pick<GdsRegistry, 'forConnection'> = {
  forConnection: async (connectionId) => {
    throw new Error(`connection ${connectionId} is not the simulator's`);
  },
};

describe(createPnrList.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 9, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createPnrList>;

  beforeEach(async () => {
    clock = new Clock();
    sut = createPnrList({
      db: database.db,
      gds: world.sim,
      registry: noOtherProvider,
      clock,
      log: silentLog,
    });
    await ensureDefaultProcessSettings(database.db);
  });

  const callerOf = async (person: DemoPerson) => {
    const { agentId, scope } = await callerAs(database.db, person);
    return { user: { agentId }, scope };
  };
  const list = async (person: DemoPerson, body: z.input<typeof PnrListRequest> = {}) =>
    sut.list(await callerOf(person), PnrListRequest.parse(body));
  const updates = async (person: DemoPerson, syncJobId: string) =>
    sut.updates(await callerOf(person), syncJobId);
  const aBooking = () =>
    aDevBooking({ db: database.db, sim: world.sim, clock }, { agentEmail: DEMO.agent.email });
  const day = (offset: number) => utcDayOf(clock.now().getTime() + offset * DAY_MS);

  describe('list', () => {
    it.each([
      [{ creationDate: { from: -1, to: 3 } }, 'creationDate.to', 'dateInFuture'],
      [{ ticketingDate: { from: 2, to: 3 } }, 'ticketingDate.from', 'dateInFuture'],
      [{ departureDate: { from: -200, to: 3 } }, 'departureDate.from', 'dateTooFarBack'],
      [{ creationDate: { from: -190, to: -1 } }, 'creationDate.from', 'dateTooFarBack'],
    ] as const)(
      'should refuse %j (days from today) with its message on %s',
      async (offsets, field, message) => {
        const [name, range] = Object.entries(offsets)[0]!;
        const filter = { [name]: { from: day(range.from), to: day(range.to) } };

        const refusal = await refusalOf(list(DEMO.agent, filter));

        expect(refusal).toMatchObject({ code: 'BAD_REQUEST', reason: 'pnrs.dates-out-of-range' });
        expect(refusal.fieldErrors?.[field]).toBe(messages[message]);
      },
    );

    it('should take departure dates in the future', async () => {
      const future = await list(DEMO.agent, { departureDate: { from: day(1), to: day(40) } });

      expect(future.total).toBeGreaterThanOrEqual(0);
    });
  });

  /** Nobody has asked the GDS about these bookings for an hour, by either clock. */
  const readAnHourAgo = async (bookingIds: number[]) => {
    const hourAgo = new Date(clock.now().getTime() - 3_600_000);
    const ids = sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await database.db.execute(
      sql`update bookings set last_checked_at = last_checked_at - interval '1 hour',
            sync_requested_at = null
          where id in (${ids})`,
    );
    await database.db.execute(
      sql`update booking_checks set checked_at = ${hourAgo} where booking_id in (${ids})`,
    );
    return hourAgo;
  };

  describe('refreshes', () => {
    it('should read rows nobody read lately from the GDS at once, and say when the update is in', async () => {
      const booking = await aBooking();
      const hourAgo = await readAnHourAgo([booking.bookingId]);

      const first = await list(DEMO.agent, { pnrNumber: booking.locator });

      const [row] = first.pnrs;
      expect(row).toMatchObject({ pnrNumber: booking.locator, updateWillAvailable: true });
      const syncJobId = row?.syncJobId;
      if (!syncJobId) throw new Error('a refresh has an id');
      expect((await updates(DEMO.agent2, syncJobId)).pnrs).toEqual([]);

      // The list answered before the GDS was asked; the service reads it without the engine.
      await sut.refreshesSettled();
      expect((await updates(DEMO.agent, syncJobId)).pnrs).toMatchObject([
        { pnrNumber: booking.locator, updateWillAvailable: false },
      ]);
      const [checked] = await queryRows<{ checks: number; next_check_at: Date }>(
        database.db,
        sql`select (select count(*)::int from booking_checks c
                    where c.booking_id = b.id and c.checked_at > ${hourAgo}) as checks,
              b.next_check_at
            from bookings b where b.id = ${booking.bookingId}`,
      );
      expect(checked?.checks).toBe(1);
      // The check set the next one on the engine's cadence, not at once.
      expect(new Date(checked?.next_check_at ?? 0).getTime()).toBeGreaterThan(
        (await world.sim.now()).getTime(),
      );

      const again = await list(DEMO.agent, { pnrNumber: booking.locator });
      expect(again.pnrs[0]).toMatchObject({ updateWillAvailable: false });
    });

    it('should answer a second visit within minutes with no row waiting for an update', async () => {
      const made = [];
      for (let n = 0; n < 7; n += 1) made.push(await aBooking());
      await readAnHourAgo(made.map((booking) => booking.bookingId));

      const visit = await list(DEMO.agent, { chunk: 20 });

      const refreshing = visit.pnrs.filter((row) => row.updateWillAvailable);
      expect(refreshing.length).toBeGreaterThan(5);
      // One refresh for the page, so the screen follows it with one look at a time.
      expect(new Set(refreshing.map((row) => row.syncJobId)).size).toBe(1);
      // Opened again at once, in another tab: the refresh under way is not asked for twice.
      const meanwhile = await list(DEMO.agent, { chunk: 20 });
      const jobs = new Set(visit.pnrs.map((row) => row.syncJobId));
      expect(meanwhile.pnrs.filter((row) => !jobs.has(row.syncJobId))).toEqual([]);
      await sut.refreshesSettled();

      const nextVisit = await list(DEMO.agent, { chunk: 20 });
      expect(nextVisit.pnrs.filter((row) => row.updateWillAvailable)).toEqual([]);
      expect(nextVisit.pnrs.map((row) => row.pnrNumber)).toEqual(
        visit.pnrs.map((row) => row.pnrNumber),
      );
    });
  });
});

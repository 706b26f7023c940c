import { CreatePnrBody, PnrInfoQuery } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, users } from '@/db/schema';
import type { GdsRegistry } from '@/gds/gds-registry';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { checkBooking } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { useServiceSimulator } from '../../../test/service-simulator';
import { DEMO } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createPnrMaker } from './create-pnr.service';
import { createPnrInfo } from './pnr-info.service';

// The create PNR page's rules (super users only), called as its route calls them: the form
// parsed by the call's schema, outside production, where the simulator takes the bookings. Who
// may call, the answer's shape and the form's refusals are create-pnr.routes.test.ts's; a
// booking made on Duffel is create-pnr-duffel.routes.test.ts's.

// Every demo agency books in the simulator: no test here reaches another provider.
const noOtherProvider: Pick<GdsRegistry, 'forConnection'> = {
  forConnection: async (connectionId) => {
    throw new Error(`connection ${connectionId} is not the simulator's`);
  },
};

describe(createPnrMaker.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 11, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createPnrMaker>;
  let place: { agencyId: number; branchId: number; agentId: number };

  beforeEach(async () => {
    clock = new Clock();
    sut = createPnrMaker({
      db: database.db,
      gds: world.sim,
      registry: noOtherProvider,
      bookInSimulator: true,
    });
    await ensureDefaultProcessSettings(database.db);
    const [agent] = await database.db
      .select({ agencyId: users.agencyId, branchId: users.branchId, agentId: users.agentId })
      .from(users)
      .where(eq(users.email, DEMO.agent.email));
    place = { agencyId: agent!.agencyId!, branchId: agent!.branchId!, agentId: agent!.agentId! };
  });

  const form = (over: Record<string, unknown> = {}) =>
    CreatePnrBody.parse({
      ...place,
      type: 'OTA',
      departsInDays: 14,
      ticketingDueInHours: 30,
      firstName: 'Noa',
      lastName: 'Peretz',
      from: 'tlv',
      to: 'CDG',
      airline: 'LY',
      flightNumber: '323',
      ...over,
    });
  const create = async (body: ReturnType<typeof form>) =>
    sut.create(await callerAs(database.db, DEMO.superUser), body);

  describe('create', () => {
    it('should make the booking in the GDS under the agent, record it due now and audit it', async () => {
      const { pnrNumber, bookingId } = await create(form());

      const gdsBooking = await world.sim.retrieveBooking(pnrNumber);
      expect(gdsBooking).toMatchObject({
        pcc: 'TLV1',
        agentInitials: 'AA',
        type: 'OTA',
        lastPurchaseAt: new Date(T0 + 30 * 3_600_000).toISOString(),
      });
      expect(gdsBooking?.segments).toMatchObject([
        { airline: 'LY', flightNumber: '323', from: 'TLV', to: 'CDG', status: 'HK' },
      ]);
      expect(gdsBooking?.passengers).toMatchObject([{ firstName: 'NOA', lastName: 'PERETZ' }]);
      const [recorded] = await database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      expect(recorded).toMatchObject({ ...place, pnrNumber, monitored: true, type: 'OTA' });
      expect(recorded?.nextCheckAt?.getTime()).toBe(T0);
      const audited = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pnr.create'), eq(auditLog.entityId, String(bookingId))));
      expect(audited).toHaveLength(1);
    });

    it("should have the engine check the new booking and show the detectors' decisions", async () => {
      const { pnrNumber, bookingId } = await create(form({ type: 'REGULAR' }));

      await checkBooking({ db: database.db, gds: world.sim, clock, log: silentLog }, bookingId);

      const pnrInfo = createPnrInfo({ db: database.db, gds: world.sim, clock });
      const info = await pnrInfo.find(
        (await callerAs(database.db, DEMO.superUser)).scope,
        PnrInfoQuery.parse({ pnrNumber }).pnrNumber,
      );
      expect(info.checks).toHaveLength(1);
      const decisions = info.checks[0]!.decisions;
      const ticketing = decisions.find((decision) => decision.detector === 'TicketingDue');
      expect(ticketing).toMatchObject({ outcome: 'raised' });
      expect(info.notifications.map((n) => n.id)).toEqual(ticketing?.notificationIds);
      expect(decisions.find((d) => d.detector === 'SegmentRemoval')).toMatchObject({
        outcome: 'nothing',
        reason: 'no segment still to leave is HX, NO or UC',
      });
    });

    it('should refuse an agent that is not in the chosen branch', async () => {
      const [other] = await database.db
        .select({ branchId: users.branchId })
        .from(users)
        .where(eq(users.email, DEMO.branchManager.email));

      const refusal = await refusalOf(create(form({ branchId: other!.branchId })));

      expect(refusal.code).toBe('BAD_REQUEST');
      expect(refusal.fieldErrors).toEqual({ agentId: 'The agent does not work in that branch.' });
    });

    it('should refuse an agent that does not exist', async () => {
      const refusal = await refusalOf(create(form({ agentId: 99_999 })));

      expect(refusal.code).toBe('FORBIDDEN');
    });
  });
});

import { PnrInfoQuery } from '@smt/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { checkBooking } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { callerAs, useServiceDatabase } from '../../../test/service-database';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createPnrInfo } from './pnr-info.service';

// What the PNR info page shows of a booking, read as its route reads it: the number parsed by
// the call's schema, with the super user's scope, over a simulator standing still. Who may call, the answer's shape and the refusals
// are pnr-info.routes.test.ts's.

describe(createPnrInfo.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 5, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createPnrInfo>;
  let booking: { locator: string; bookingId: number };

  beforeEach(async () => {
    clock = new Clock();
    sut = createPnrInfo({ db: database.db, gds: world.sim, clock });
    await ensureDefaultProcessSettings(database.db);
    booking = await aDevBooking(
      { db: database.db, sim: world.sim, clock },
      { agentEmail: DEMO.agent.email, ticketingDueInHours: 20 },
    );
  });

  const find = async (pnrNumber: string) =>
    sut.find(
      (await callerAs(database.db, DEMO.superUser)).scope,
      PnrInfoQuery.parse({ pnrNumber }).pnrNumber,
    );
  const check = () =>
    checkBooking({ db: database.db, gds: world.sim, clock, log: silentLog }, booking.bookingId);

  describe('find', () => {
    it('should show a booking not checked yet as the GDS has it, with no checks', async () => {
      const info = await find(booking.locator);

      expect(info.booking).toMatchObject({
        pnrNumber: booking.locator,
        agencyName: 'Demo Travel',
        branchPcc: 'TLV1',
        agentName: 'Adam Agent',
        monitored: true,
        lastCheckedAt: null,
      });
      expect(info.snapshotTakenAt).toBeNull();
      expect(info.snapshot?.flights).toMatchObject([{ from: 'TLV', to: 'LHR', airline: 'LY' }]);
      expect(info.snapshot?.passengers).toMatchObject([{ first_name: 'Dana', last_name: 'Levi' }]);
      expect(info.fare?.currency).toMatch(/^[A-Z]{3}$/);
      expect(info.checks).toEqual([]);
      expect(info.notifications).toEqual([]);
    });

    it("should list each check newest first with every detector's decision and what it raised", async () => {
      await check();
      clock.advance(60_000);
      await check();

      const info = await find(booking.locator.toLowerCase());

      expect(info.snapshotTakenAt).not.toBeNull();
      expect(info.checks.map((c) => ({ result: c.result, changed: c.changed }))).toEqual([
        { result: 'checked', changed: false },
        { result: 'checked', changed: true },
      ]);
      const [second, first] = info.checks;
      expect(first!.decisions.map((d) => d.detector)).toEqual([
        'Reprice',
        'SegmentRemoval',
        'Churning',
        'DuplicateBooking',
        'TicketingDue',
        'Reschedule',
        'HoldsWaitlist',
        'CreditExpiry',
      ]);
      const [notification] = info.notifications;
      expect(notification).toMatchObject({ type: 'TicketingDue', subtype: 'Pending' });
      expect(first!.decisions.find((d) => d.detector === 'TicketingDue')).toEqual({
        detector: 'TicketingDue',
        outcome: 'raised',
        reason: notification!.titleMessage,
        notificationIds: [notification!.id],
      });
      expect(second!.decisions.find((d) => d.detector === 'TicketingDue')).toMatchObject({
        outcome: 'nothing',
        reason: `already raised: ${notification!.titleMessage}`,
      });
      // Fares were shopped on the first check; the second waits for the reprice cadence.
      expect(second!.decisions.find((d) => d.detector === 'Reprice')).toMatchObject({
        outcome: 'skipped',
      });
      expect(second!.decisions.find((d) => d.detector === 'HoldsWaitlist')).toMatchObject({
        outcome: 'nothing',
        reason: 'no segment waitlisted (HL) or waiting to be accepted (KL, KK)',
      });
    });
  });
});

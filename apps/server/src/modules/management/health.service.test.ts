import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import { Clock } from '@/lib/clock';
import { recordEngineError } from '@/monitoring/engine-status';
import { useServiceDatabase } from '../../../test/service-database';
import { createEngineHealth } from './health.service';

// The health page's counts, read as its route reads them. Who may read them, and the answer's
// shape, are health.routes.test.ts's.

/** A server clock that stands still, so a boundary a second either side of a margin is exact. */
class StillClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }

  override now(): Date {
    return new Date(this.at);
  }
}

/** The simulator as the health page reads it: its clock alone, here held at `at`. */
const gdsAt = (at: Date) => ({ now: async () => new Date(at) }) as GdsClient;

describe(createEngineHealth.name, () => {
  const database = useServiceDatabase();
  let clock: Clock;
  let sut: ReturnType<typeof createEngineHealth>;

  beforeEach(() => {
    clock = new Clock();
    sut = createEngineHealth({ db: database.db, gds: gdsAt(clock.now()), clock });
  });

  /** A monitored booking of the first demo agent, checked and due when the test says. */
  const aBooking = async (
    pnrNumber: string,
    at: { createdAt: Date; lastCheckedAt: Date | null; nextCheckAt?: Date | null },
  ) => {
    const iso = (instant: Date | null | undefined) => instant?.toISOString() ?? null;
    const [booking] = await queryRows<{ id: number }>(
      database.db,
      sql`
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
        last_checked_at, next_check_at)
      select 'SIM', ${pnrNumber}, b.agency_id, a.branch_id, a.id, ${iso(at.createdAt)}::timestamptz,
        ${iso(at.lastCheckedAt)}::timestamptz, ${iso(at.nextCheckAt)}::timestamptz
      from agents a join branches b on b.id = a.branch_id order by a.id limit 1
      returning id`,
    );
    if (!booking) throw new Error(`no booking ${pnrNumber}`);
    return booking.id;
  };

  describe('status', () => {
    it('should count nothing of an engine that has not run, and answer the newest errors first', async () => {
      await recordEngineError(
        database.db,
        new Error('GDS timed out'),
        new Date('2026-03-02T06:00:00Z'),
      );
      await recordEngineError(
        database.db,
        new Error('lease lost'),
        new Date('2026-03-02T06:01:00Z'),
      );

      const status = await sut.status();

      expect(status).toMatchObject({
        bookingsMonitored: 0,
        queueDepth: 0,
        deliveries: { sent: 0 },
      });
      expect(status.lastErrors.map((e) => e.message)).toEqual(['lease lost', 'GDS timed out']);
    });

    it("should count the checks and sends of the server's last minute, not older ones", async () => {
      const now = clock.now();
      const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
      const bookingId = await aBooking('HLTH01', { createdAt: ago(3600), lastCheckedAt: ago(5) });
      for (const seconds of [5, 30, 59, 61, 600]) {
        await database.db.execute(sql`insert into booking_checks (booking_id, checked_at, result)
          values (${bookingId}, ${ago(seconds).toISOString()}::timestamptz, 'unchanged')`);
      }
      const [notification] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
          title, notification_time, payload, data, dedupe_key)
        select id, agency_id, branch_id, agent_id, 'REPRICE', 'REPRICE', 'test', now(), '{}', '{}',
          'health-test' from bookings where id = ${bookingId} returning id`,
      );
      for (const [recipient, seconds, status] of [
        ['a@example.com', 10, 'SENT'],
        ['b@example.com', 120, 'SENT'],
        ['c@example.com', null, 'SENDING'],
      ] as const) {
        await database.db.execute(sql`insert into deliveries (notification_id, channel, recipient,
            status, sent_at)
          values (${notification!.id}, 'email', ${recipient}, ${status},
            ${seconds === null ? null : ago(seconds).toISOString()}::timestamptz)`);
      }

      const status = await sut.status();

      expect(status.checkedLastMinute).toBe(3);
      expect(status.bookingsMonitored).toBe(1);
      expect(status.deliveries).toMatchObject({ sent: 2, sentLastMinute: 1, sending: 1 });
    });

    it('should count as up to date a booking checked on its cadence and not over a minute late, and as checked within the minute only one just looked at', async () => {
      const gdsNow = clock.now();
      const held = createEngineHealth({
        db: database.db,
        gds: gdsAt(gdsNow),
        clock: new StillClock(gdsNow),
      });
      const before = await held.status();
      const at = (seconds: number | null) =>
        seconds === null ? null : new Date(gdsNow.getTime() + seconds * 1000);
      // [last checked, next check], seconds from the GDS's now.
      const cases: [string, number | null, number][] = [
        ['HLTH02', -7200, 3600], // looked at two hours ago, next due in an hour: on its cadence
        ['HLTH03', null, 3600], // never looked at
        ['HLTH04', -7200, -61], // due just over a minute ago and not checked: late
        ['HLTH05', -7200, -59], // due just under a minute ago: waiting for the queue's next sweep
        ['HLTH06', -10, 600], // just checked
        ['HLTH07', -61, 600], // checked just over a minute ago: current, not within the minute
      ];
      for (const [pnr, last, next] of cases)
        await aBooking(pnr, {
          createdAt: at(-36_000)!,
          lastCheckedAt: at(last),
          nextCheckAt: at(next),
        });

      const after = await held.status();

      expect(after.bookingsMonitored - before.bookingsMonitored).toBe(6);
      expect(after.upToDate - before.upToDate).toBe(4);
      expect(after.checkedWithinMinute - before.checkedWithinMinute).toBe(1);
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import { EngineStatus, engineStatus, recordEngineError } from '@/monitoring/engine-status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO, signIn } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('engine status on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const status = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/health/engine', headers });

  it('should answer a super user with the engine status and the newest errors first', async () => {
    await recordEngineError(
      t.database.db,
      new Error('GDS timed out'),
      new Date('2026-03-02T06:00:00Z'),
    );
    await recordEngineError(
      t.database.db,
      new Error('lease lost'),
      new Date('2026-03-02T06:01:00Z'),
    );
    const session = await signIn(t.app, DEMO.superUser);
    const res = await status(session.headers);
    expect(res.statusCode).toBe(200);
    const body = EngineStatus.parse(res.json());
    expect(body).toMatchObject({ bookingsMonitored: 0, queueDepth: 0, deliveries: { sent: 0 } });
    expect(body.lastErrors.map((e) => e.message)).toEqual(['lease lost', 'GDS timed out']);
  });

  it("should count the checks and sends of the server's last minute, not older ones", async () => {
    // Signing in moves the server's clock past the code's minute, so it comes first.
    const session = await signIn(t.app, DEMO.superUser);
    const now = t.app.clock.now();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const db = t.database.db;
    const [booking] = await queryRows<{ id: number }>(
      db,
      sql`
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
        last_checked_at)
      select 'SIM', 'HLTH01', b.agency_id, a.branch_id, a.id, ${ago(3600)}::timestamptz,
        ${ago(5)}::timestamptz
      from agents a join branches b on b.id = a.branch_id order by a.id limit 1
      returning id`,
    );
    for (const seconds of [5, 30, 59, 61, 600]) {
      await db.execute(sql`insert into booking_checks (booking_id, checked_at, result)
        values (${booking!.id}, ${ago(seconds)}::timestamptz, 'unchanged')`);
    }
    const [notification] = await queryRows<{ id: number }>(
      db,
      sql`insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
        title, notification_time, payload, data, dedupe_key)
      select id, agency_id, branch_id, agent_id, 'REPRICE', 'REPRICE', 'test', now(), '{}', '{}',
        'health-test' from bookings where id = ${booking!.id} returning id`,
    );
    for (const [recipient, seconds, status] of [
      ['a@example.com', 10, 'SENT'],
      ['b@example.com', 120, 'SENT'],
      ['c@example.com', null, 'SENDING'],
    ] as const) {
      await db.execute(sql`insert into deliveries (notification_id, channel, recipient, status, sent_at)
        values (${notification!.id}, 'email', ${recipient}, ${status},
          ${seconds === null ? null : ago(seconds)}::timestamptz)`);
    }
    const body = EngineStatus.parse((await status(session.headers)).json());
    expect(body.checkedLastMinute).toBe(3);
    expect(body.bookingsMonitored).toBe(1);
    expect(body.deliveries).toMatchObject({ sent: 2, sentLastMinute: 1, sending: 1 });
  });

  it('should count as up to date a booking checked on its cadence and not over a minute late, and as checked within the minute only one just looked at', async () => {
    // Both clocks held still, so the boundaries a second either side of the margin are exact.
    const gdsNow = (await t.app.gds.now()).getTime();
    const heldGds = { now: async () => new Date(gdsNow) } as GdsClient;
    const serverNow = t.app.clock.now();
    const read = () => engineStatus(t.database.db, heldGds, serverNow);
    const before = await read();
    const at = (seconds: number | null) =>
      seconds === null ? null : new Date(gdsNow + seconds * 1000).toISOString();
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
      await t.database.db.execute(sql`
        insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
          last_checked_at, next_check_at)
        select 'SIM', ${pnr}, b.agency_id, a.branch_id, a.id, ${at(-36_000)}::timestamptz,
          ${at(last)}::timestamptz, ${at(next)}::timestamptz
        from agents a join branches b on b.id = a.branch_id order by a.id limit 1`);

    const after = await read();

    expect(after.bookingsMonitored - before.bookingsMonitored).toBe(6);
    expect(after.upToDate - before.upToDate).toBe(4);
    expect(after.checkedWithinMinute - before.checkedWithinMinute).toBe(1);
  });

  it('should refuse everyone but super users', async () => {
    for (const person of [DEMO.manager, DEMO.agent, DEMO.operator, DEMO.branchManager]) {
      const session = await signIn(t.app, person);
      const res = await status(session.headers);
      expect(res.statusCode, person.email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await status()).statusCode).toBe(401);
  });
});

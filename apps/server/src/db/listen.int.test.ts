import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { queryRows } from './client';
import { listenTo, type ListenState } from './listen';
import { seedDemoOrganisation } from './seed/seed';

// docs/decisions/045: listenTo on both databases, and the NOTIFYs of migration 0023's triggers.

type Announcement = { latestId: number; places: [number, number, number, number][] };

describe.each(TEST_DATABASE_KINDS)('listening on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const notify = (channel: string, payload: string) =>
    db().execute(sql`select pg_notify(${channel}, ${payload})`);

  /**
   * What a channel says while `act` runs: a marker sent after it comes after everything `act`
   * committed (NOTIFYs are delivered in commit order), so waiting for it leaves nothing unheard.
   */
  async function heardDuring(channel: string, act: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    const marker = `marker-${Math.random()}`;
    const unlisten = await listenTo(database, channel, (payload) => heard.push(payload));
    try {
      await act();
      await notify(channel, marker);
      await vi.waitFor(() => expect(heard).toContain(marker), { timeout: 10_000 });
    } finally {
      await unlisten();
    }
    return heard.filter((payload) => payload !== marker);
  }

  const announcementsDuring = async (act: () => Promise<unknown>) =>
    (await heardDuring('smt_notifications', act)).map((text) => JSON.parse(text) as Announcement);

  it('should hear what commits and nothing of what rolls back', async () => {
    const heard = await heardDuring('smt_test', async () => {
      await db()
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('smt_test', 'rolled back')`);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await notify('smt_test', 'committed');
    });
    expect(heard).toEqual(['committed']);
  });

  it('should say it is up before it resolves, and stop hearing once unlistened', async () => {
    const states: ListenState[] = [];
    const gone: string[] = [];
    const unlisten = await listenTo(database, 'smt_gone', (payload) => gone.push(payload), {
      onState: (state) => states.push(state),
    });
    expect(states).toEqual(['up']);
    await unlisten();
    const still = await heardDuring('smt_still', () => notify('smt_gone', 'unheard'));
    expect(still).toEqual([]);
    expect(gone).toEqual([]);
  });

  it('should keep hearing when a callback throws', async () => {
    const errors: Error[] = [];
    const heard: string[] = [];
    const unlisten = await listenTo(
      database,
      'smt_throws',
      (payload) => {
        heard.push(payload);
        throw new Error(`bad ${payload}`);
      },
      { onError: (error) => errors.push(error) },
    );
    await notify('smt_throws', 'one');
    await notify('smt_throws', 'two');
    await vi.waitFor(() => expect(heard).toEqual(['one', 'two']));
    expect(errors.map((error) => error.message)).toEqual(['bad one', 'bad two']);
    await unlisten();
  });

  describe('the notifications triggers', () => {
    let booking: number;
    let branch: { agency_id: number; id: number };
    let agentIds: number[] = [];

    beforeAll(async () => {
      const [found] = await queryRows<{ agency_id: number; id: number }>(
        db(),
        sql`select agency_id, id from branches where pcc = 'TLV1'`,
      );
      if (!found) throw new Error('no TLV1 branch');
      branch = found;
      // More agents than one message takes: 250 places make three messages.
      const made = await queryRows<{ id: number }>(
        db(),
        sql`insert into agents (branch_id, name, initials)
            select ${branch.id}, 'Live ' || n, 'L' || n from generate_series(1, 250) n
            returning id`,
      );
      agentIds = made.map((row) => Number(row.id));
      const [row] = await queryRows<{ id: number }>(
        db(),
        sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
            values ('listen-test', 'LSTN01', ${branch.agency_id}, ${branch.id}, ${agentIds[0]}, now())
            returning id`,
      );
      booking = Number(row?.id);
    });

    const insertFor = (agents: number[], perAgent = 1) =>
      queryRows<{ id: number | string; agent_id: number }>(
        db(),
        sql`insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
              title, notification_time, payload, data, dedupe_key)
            select ${booking}, ${branch.agency_id}, ${branch.id}, a, 'TicketingDue',
              'TICKETING_DUE', 'Ticketing due', now(), '{}', '{}',
              'listen-' || a || '-' || k || '-' || random()
            from unnest(${`{${agents.join(',')}}`}::int[]) a, generate_series(1, ${perAgent}) k
            returning id, agent_id`,
      );

    it('should announce an insert as its places with their newest ids, 100 places a message', async () => {
      let rows: { id: number | string; agent_id: number }[] = [];
      const messages = await heardDuring('smt_notifications', async () => {
        rows = await insertFor(agentIds, 2);
      });
      expect(messages).toHaveLength(3);
      for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThan(7_000);
      const announced = messages.map((text) => JSON.parse(text) as Announcement);
      const newest = new Map<number, number>();
      for (const row of rows) {
        newest.set(row.agent_id, Math.max(newest.get(row.agent_id) ?? 0, Number(row.id)));
      }
      const latestId = Math.max(...newest.values());
      expect(announced.map((a) => a.latestId)).toEqual([latestId, latestId, latestId]);
      expect(announced.map((a) => a.places.length).sort()).toEqual([100, 100, 50]);
      const places = announced.flatMap((a) => a.places);
      expect(places).toHaveLength(250);
      expect(new Map(places.map(([, , agent, id]) => [agent, id]))).toEqual(newest);
      for (const [agency, branchId] of places)
        expect([agency, branchId]).toEqual([branch.agency_id, branch.id]);
    });

    it('should announce an update on both sides of a move, a delete, and nothing for no rows', async () => {
      const [from, to] = agentIds;
      const [row] = await insertFor([from ?? 0]);
      const id = Number(row?.id);
      const moved = await announcementsDuring(() =>
        db().execute(sql`update notifications set agent_id = ${to} where id = ${id}`),
      );
      expect(moved).toEqual([
        {
          latestId: id,
          places: expect.arrayContaining([
            [branch.agency_id, branch.id, from, id],
            [branch.agency_id, branch.id, to, id],
          ]),
        },
      ]);
      expect(moved[0]?.places).toHaveLength(2);

      const none = await announcementsDuring(() =>
        db().execute(sql`update notifications set status = 'READ' where id = -1`),
      );
      expect(none).toEqual([]);

      const deleted = await announcementsDuring(() =>
        db().execute(sql`delete from notifications where id = ${id}`),
      );
      expect(deleted).toEqual([{ latestId: id, places: [[branch.agency_id, branch.id, to, id]] }]);
    });

    it('should announce nothing of an insert rolled back', async () => {
      const heard = await announcementsDuring(() =>
        db()
          .transaction(async (tx) => {
            await tx.execute(
              sql`insert into notifications (booking_id, agency_id, branch_id, agent_id, type,
                    "group", title, notification_time, payload, data, dedupe_key)
                  values (${booking}, ${branch.agency_id}, ${branch.id}, ${agentIds[0]},
                    'TicketingDue', 'TICKETING_DUE', 'Ticketing due', now(), '{}', '{}', 'gone')`,
            );
            throw new Error('roll back');
          })
          .catch(() => undefined),
      );
      expect(heard).toEqual([]);
    });
  });

  describe('the sessions triggers', () => {
    const newSession = async () => {
      const [row] = await queryRows<{ id: string }>(
        db(),
        sql`insert into sessions (user_id, refresh_token_hash, expires_at)
            select id, 'hash-' || random(), now() + interval '1 hour' from users
            where email = 'agent@demo.test'
            returning id`,
      );
      if (!row) throw new Error('no session made');
      return row.id;
    };

    it('should announce a session revoked once, and not its other changes', async () => {
      const id = await newSession();
      const heard = await heardDuring('smt_sessions', async () => {
        await db().execute(sql`update sessions set last_active_at = now() where id = ${id}`);
        await db().execute(sql`update sessions set revoked_at = now() where id = ${id}`);
        await db().execute(
          sql`update sessions set revoked_at = now() + interval '1 second' where id = ${id}`,
        );
      });
      expect(heard).toEqual([id]);
    });

    it('should announce a live session deleted, and not one revoked before', async () => {
      const live = await newSession();
      const revoked = await newSession();
      await db().execute(sql`update sessions set revoked_at = now() where id = ${revoked}`);
      const heard = await heardDuring('smt_sessions', () =>
        db().execute(sql`delete from sessions where id in (${live}, ${revoked})`),
      );
      expect(heard).toEqual([live]);
    });
  });
});

describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))('listening on postgres', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  const listeners = async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where application_name = 'smt-listen' and datname = current_database()`,
    );
    return row?.n ?? 0;
  };

  it('should listen to every channel on one connection, let go when nobody listens', async () => {
    const one = await listenTo(database, 'smt_one', () => undefined);
    const two = await listenTo(database, 'smt_two', () => undefined);
    expect(await listeners()).toBe(1);
    await one();
    expect(await listeners()).toBe(1);
    await two();
    await vi.waitFor(async () => expect(await listeners()).toBe(0));
  });

  it('should say it is down when its connection is killed, come back, and hear again', async () => {
    const states: ListenState[] = [];
    const errors: Error[] = [];
    const heard: string[] = [];
    const unlisten = await listenTo(database, 'smt_back', (payload) => heard.push(payload), {
      onState: (state) => states.push(state),
      onError: (error) => errors.push(error),
    });
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'smt-listen' and datname = current_database()`);
    await vi.waitFor(() => expect(states).toEqual(['up', 'down', 'up']), { timeout: 15_000 });
    expect(errors.length).toBeGreaterThan(0);
    await database.db.execute(sql`select pg_notify('smt_back', 'again')`);
    await vi.waitFor(() => expect(heard).toEqual(['again']));
    await unlisten();
  });
});

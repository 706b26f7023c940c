import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { signDuffelWebhook } from '@/gds/duffel/webhook-signature';
import { Clock } from '@/lib/clock';
import { sealingKeyOf, sealSecret } from '@/lib/sealed-secret';
import { refusalOf, useServiceDatabase } from '../../../test/service-database';
import { insertConnection } from './connections.repository';
import { createDuffelWebhook } from './duffel-webhook.service';

// Duffel's deliveries as the webhook route hands them over: the body's bytes and the signature
// header. The route's answers, and its taking the bytes unparsed, are
// duffel-webhook.routes.test.ts's.

const SECRET = 'whsec-demo-travel-duffel';
const ORDER = 'ord_0000AbCdEfGhIjKlMnOp';
const LATER = Date.parse('2099-01-01T00:00:00Z');

describe(createDuffelWebhook.name, () => {
  const database = useServiceDatabase();
  let clock: Clock;
  let sut: ReturnType<typeof createDuffelWebhook>;
  let connectionId = 0;

  beforeEach(async () => {
    clock = new Clock();
    const sealingKey = sealingKeyOf('the service test secret');
    sut = createDuffelWebhook({ db: database.db, clock, sealingKey });
    const [place] = await queryRows<{ agency_id: number; branch_id: number; agent_id: number }>(
      database.db,
      sql`select b.agency_id, b.id as branch_id, a.id as agent_id
          from agents a join branches b on b.id = a.branch_id join agencies g on g.id = b.agency_id
          where g.name = 'Demo Travel' limit 1`,
    );
    if (!place) throw new Error('no agent of Demo Travel');
    // Sealed as connectDuffel seals it: with the agency as its context.
    const context = `agency:${place.agency_id}`;
    connectionId = await insertConnection(database.db, {
      agencyId: place.agency_id,
      provider: 'DUFFEL',
      sealedToken: sealSecret(sealingKey, 'duffel_test_webhookTestToken0001', context),
      tokenHint: '0001',
      sealedWebhookSecret: sealSecret(sealingKey, SECRET, context),
      defaultBranchId: place.branch_id,
      agentMetadataKey: 'agent_email',
      paymentType: 'balance',
    });
    await database.db.execute(
      sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
            connection_id, provider_booking_id, next_check_at)
          values ('DUFFEL', 'WBHK01', ${place.agency_id}, ${place.branch_id}, ${place.agent_id},
            now(), ${connectionId}, ${ORDER}, '2099-01-01T00:00:00Z')`,
    );
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const eventOf = (id: string, object: object = { id: 'aic_1', order_id: ORDER }) =>
    JSON.stringify({
      id,
      api_version: 'v2',
      type: 'order.airline_initiated_change_detected',
      data: { object },
      live_mode: false,
      idempotency_key: 'aic_1',
      created_at: clock.now().toISOString(),
    });
  const signed = (body: string, at = nowSeconds(), secret = SECRET) =>
    signDuffelWebhook(secret, body, at);
  // Raw rows carry instants as the driver gives them: a Date or a text.
  const dueAt = async () => {
    const [row] = await queryRows<{ next_check_at: Date | string | null }>(
      database.db,
      sql`select next_check_at from bookings where provider_booking_id = ${ORDER}`,
    );
    return row?.next_check_at ? new Date(row.next_check_at).getTime() : null;
  };
  const notDueAnyMore = () =>
    database.db.execute(
      sql`update bookings set next_check_at = '2099-01-01T00:00:00Z' where provider_booking_id = ${ORDER}`,
    );
  const events = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from provider_events where connection_id = ${connectionId}`,
      )
    )[0]?.n;

  describe('take', () => {
    it('should refuse a bad signature, a stale one and an unknown connection, changing nothing', async () => {
      const body = eventOf('wev_bad');
      const refusals = [
        await refusalOf(sut.take(connectionId, body, undefined)),
        await refusalOf(sut.take(connectionId, body, signed(body, nowSeconds(), 'not-the-secret'))),
        await refusalOf(sut.take(connectionId, body, signed(body, nowSeconds() - 301))),
        await refusalOf(sut.take(connectionId, `${body} `, signed(body))),
        await refusalOf(sut.take(connectionId + 1000, body, signed(body))),
      ];
      for (const refusal of refusals)
        expect(refusal).toMatchObject({
          reason: 'connections.webhook-not-genuine',
          message: 'The webhook signature does not match',
        });
      expect(await events()).toBe(0);
      expect(await dueAt()).toBe(LATER);
    });

    it("should make the order's booking due at once, and take a redelivery once", async () => {
      const body = eventOf('wev_change_1');
      const before = Date.now();
      expect(await sut.take(connectionId, body, signed(body))).toMatchObject({ fresh: true });
      expect(await dueAt()).toBeGreaterThanOrEqual(before);
      expect(await dueAt()).toBeLessThanOrEqual(Date.now());
      expect(await events()).toBe(1);

      // Delivered again later (Duffel sends at least once): the id is known, nothing is redone.
      await notDueAnyMore();
      expect(await sut.take(connectionId, body, signed(body))).toMatchObject({ fresh: false });
      expect(await events()).toBe(1);
      expect(await dueAt()).toBe(LATER);
    });

    it('should take events in any order, each making the booking due', async () => {
      const cancelled = eventOf('wev_cancel_2', { id: 'ore_2', order_id: ORDER });
      const created = eventOf('wev_created_0', { id: ORDER });
      for (const body of [cancelled, created]) {
        const before = Date.now();
        await sut.take(connectionId, body, signed(body));
        expect(await dueAt()).toBeGreaterThanOrEqual(before);
        expect(await dueAt()).toBeLessThanOrEqual(Date.now());
        await notDueAnyMore();
      }
      expect(await events()).toBe(2);
    });

    it("should make the booking due by the real clock when the server's clock is moved ahead", async () => {
      // Local and staging move the server's clock; the engine claims a real provider's bookings
      // by the real one, so a booking made due at the moved time would wait for real time.
      clock.advance(3 * 60 * 60_000);
      const body = eventOf('wev_moved_clock_1');
      await sut.take(connectionId, body, signed(body));
      expect(await dueAt()).toBeLessThanOrEqual(Date.now());
    });

    it('should refuse a signed body that is not a Duffel event', async () => {
      const body = JSON.stringify({ hello: 'world' });
      expect(await refusalOf(sut.take(connectionId, body, signed(body)))).toMatchObject({
        reason: 'connections.webhook-not-duffel-event',
      });
      expect(await events()).toBe(0);
    });
  });
});

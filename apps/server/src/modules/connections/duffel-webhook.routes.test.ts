import { ApiErrorBody, CONNECTION_CALLS, ConnectionItem } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { signDuffelWebhook } from '@/gds/duffel/webhook-signature';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

const SECRET = 'whsec-demo-travel-duffel';
const ORDER = 'ord_0000AbCdEfGhIjKlMnOp';

describe.each(TEST_DATABASE_KINDS)("Duffel's webhooks on %s", (kind) => {
  let t: TestApp;
  let connectionId = 0;

  const deliver = (body: string, signature: string | null, id = connectionId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/duffel/${id}`,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-duffel-signature': signature }),
      },
      payload: body,
    });
  const nowSeconds = () => Math.floor(t.app.clock.now().getTime() / 1000);
  const eventOf = (id: string, object: object = { id: 'aic_1', order_id: ORDER }) =>
    JSON.stringify({
      id,
      api_version: 'v2',
      type: 'order.airline_initiated_change_detected',
      data: { object },
      live_mode: false,
      idempotency_key: 'aic_1',
      created_at: t.app.clock.now().toISOString(),
    });
  const signed = (body: string, at = nowSeconds(), secret = SECRET) =>
    signDuffelWebhook(secret, body, at);
  // Raw rows carry instants as the driver gives them: a Date or a text.
  const dueAt = async () => {
    const [row] = await queryRows<{ next_check_at: Date | string | null }>(
      t.database.db,
      sql`select next_check_at from bookings where provider_booking_id = ${ORDER}`,
    );
    return row?.next_check_at ? new Date(row.next_check_at).getTime() : null;
  };
  const LATER = Date.parse('2099-01-01T00:00:00Z');
  const events = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from provider_events where connection_id = ${connectionId}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { headers } = await signIn(t.app, DEMO.manager);
    const [place] = await queryRows<{ agency_id: number; branch_id: number; agent_id: number }>(
      t.database.db,
      sql`select b.agency_id, b.id as branch_id, a.id as agent_id
          from agents a join branches b on b.id = a.branch_id join agencies g on g.id = b.agency_id
          where g.name = 'Demo Travel' limit 1`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: {
        agencyId: place?.agency_id,
        defaultBranchId: place?.branch_id,
        token: 'duffel_test_webhookTestToken0001',
        webhookSecret: SECRET,
      },
    });
    connectionId = ConnectionItem.parse(res.json()).id;
    await t.database.db.execute(
      sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
            connection_id, provider_booking_id, next_check_at)
          values ('DUFFEL', 'WBHK01', ${place?.agency_id}, ${place?.branch_id}, ${place?.agent_id},
            now(), ${connectionId}, ${ORDER}, '2099-01-01T00:00:00Z')`,
    );
  });
  afterAll(() => t.close());

  it('should refuse an unsigned delivery with 401, changing nothing', async () => {
    const body = eventOf('wev_bad');
    const res = await deliver(body, null);
    expect(res.statusCode, res.body).toBe(401);
    expect(ApiErrorBody.parse(res.json()).message).toBe('The webhook signature does not match');
    expect(await events()).toBe(0);
    expect(await dueAt()).toBe(LATER);
  });

  it("should take a signed delivery as its bytes and make the order's booking due", async () => {
    const body = eventOf('wev_change_1');
    const before = Date.now();
    const res = await deliver(body, signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await dueAt()).toBeGreaterThanOrEqual(before);
    expect(await events()).toBe(1);
  });
});

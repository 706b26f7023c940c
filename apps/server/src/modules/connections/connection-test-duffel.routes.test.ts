import { CONNECTION_CALLS, ConnectionItem, ConnectionTestResult } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Only the probe's words are under test here; one database kind is enough for them.
describe("'Test connection' against Duffel's stand-in", () => {
  let duffel: DuffelStandIn;
  let t: TestApp;
  let headers: Record<string, string>;
  let place: { agency_id: number; branch_id: number } | undefined;

  const connectWith = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: { agencyId: place?.agency_id, defaultBranchId: place?.branch_id, token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionItem.parse(res.json()).id;
  };
  const testOf = async (connectionId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.test}`,
      headers,
      payload: { connectionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionTestResult.parse(res.json());
  };
  const disconnect = (connectionId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.disconnect}`,
      headers,
      payload: { connectionId },
    });

  beforeAll(async () => {
    duffel = await startDuffelStandIn();
    duffel.addOrder({
      bookingReference: 'RZPNX8',
      slices: [
        [
          {
            airline: 'BA',
            flightNumber: '117',
            from: 'LHR',
            to: 'JFK',
            departingAt: '2026-12-10T08:25:00',
            arrivingAt: '2026-12-10T11:15:00',
            fareBasis: 'YLOWGB',
            checkedBags: 1,
          },
        ],
      ],
      passengers: [{ title: 'mrs', givenName: 'Amelia', familyName: 'Earhart', type: 'adult' }],
      totalAmount: '600.00',
      currency: 'GBP',
      conditions: { change: '80.00', refund: null },
    });
    t = await createTestApp('pglite', { env: { DUFFEL_API_URL: duffel.url } });
    ({ headers } = await signIn(t.app, DEMO.manager));
    [place] = await queryRows<{ agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select b.agency_id, min(b.id) as branch_id from branches b
          join agencies a on a.id = b.agency_id where a.name = 'Demo Travel' group by b.agency_id`,
    );
  });
  afterAll(async () => {
    await t.close();
    await duffel.close();
  });

  it('should say what the token reads, in its mode', async () => {
    const id = await connectWith(duffel.token);
    const host = new URL(duffel.url).host;
    expect(await testOf(id)).toMatchObject({
      ok: true,
      message: `Test mode: the token reads orders at ${host} (1 order)`,
    });
    expect((await disconnect(id)).statusCode).toBe(200);
  });

  it('should say a refused token is refused, and keep it out of the answer', async () => {
    const id = await connectWith('duffel_test_notTheStandInsToken0000');
    const result = await testOf(id);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/refused the token \(401\)/);
    expect(result.message).not.toContain('notTheStandIns');
  });
});

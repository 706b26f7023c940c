import { describe, expect, it } from 'vitest';
import { probeDuffel } from '@/gds/duffel-probe';
import { createOutgoingGuard } from '@/lib/outgoing-address';
import { silentLog } from '../../../test/silent-log';
import { createDuffelGds } from './duffel-adapter';

// The adapter against Duffel itself, in test mode, when a test token is given: the stand-in
// follows the SDK's types, this checks that Duffel's answers still fit what the adapter reads.
// Read-only: it creates, pays and cancels nothing.
const token = process.env.DUFFEL_TEST_TOKEN;
const apiUrl = process.env.DUFFEL_API_URL ?? 'https://api.duffel.com';
// Duffel's address is the operator's, as DUFFEL_API_URL is a server's.
const guard = createOutgoingGuard({
  rules: { production: false, allowedHosts: [], operatorOrigins: [new URL(apiUrl).origin] },
  log: silentLog,
});

describe.skipIf(!token)(
  `the Duffel adapter against Duffel's test mode${token ? '' : ' (skipped: DUFFEL_TEST_TOKEN is not set)'}`,
  () => {
    it('should be a test token: live orders are never read by a test', () => {
      expect(token).toMatch(/^duffel_test_/);
    });

    it('should read orders with the token', async () => {
      const result = await probeDuffel({ token: token ?? '', apiUrl }, guard);
      expect(result, result.message).toMatchObject({ ok: true });
    });

    it("should map the account's orders onto the port", async () => {
      const gds = createDuffelGds({ token: token ?? '', apiUrl, guard });
      const orderIds = await gds.listChangedBookings('', null);
      for (const orderId of orderIds.slice(0, 5)) {
        const booking = await gds.retrieveBooking(orderId);
        expect(booking?.providerId).toBe(orderId);
        expect(booking?.locator).toMatch(/^[A-Z0-9]{5,8}$/);
        for (const segment of booking?.segments ?? []) {
          expect(Number.isNaN(Date.parse(segment.departsAt))).toBe(false);
        }
      }
    });
  },
);

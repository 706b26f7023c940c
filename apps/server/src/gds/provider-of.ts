import type { GdsClient } from './gds-client';
import type { GdsRegistry } from './gds-registry';

export type ProviderDeps = {
  /** The embedded simulator. */
  gds: GdsClient;
  /** Each connection's provider; absent, every booking is the simulator's. */
  registry?: Pick<GdsRegistry, 'forConnection'> | undefined;
};

/**
 * The reservation system a booking lives in, and the id that system knows it by: the
 * provider's own (a Duffel order id) where there is one, else the locator.
 */
export async function providerOf(
  deps: ProviderDeps,
  booking: { connectionId: number | null; providerBookingId: string | null; pnrNumber: string },
): Promise<{ gds: GdsClient; locator: string }> {
  const gds =
    deps.registry && booking.connectionId !== null
      ? await deps.registry.forConnection(booking.connectionId)
      : deps.gds;
  return { gds, locator: booking.providerBookingId ?? booking.pnrNumber };
}

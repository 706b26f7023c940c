import { DUFFEL_CAPABILITIES, GDS_CAPABILITIES, SABRE_CAPABILITIES } from './capabilities';
import type { GdsClient, GdsProvider } from './gds-client';
import { ConnectionDisconnected, type GdsRegistry } from './gds-registry';
import type { GdsCapabilities } from './gds-types';

export type ProviderDeps = {
  /** The embedded simulator. */
  gds: GdsClient;
  /** Each connection's provider; absent, every booking is the simulator's. */
  registry?: Pick<GdsRegistry, 'forConnection'> | undefined;
};

/** A booking as the product reaches its provider: by its connection and the provider's id. */
export type BookingReach = {
  connectionId: number | null;
  providerBookingId: string | null;
  pnrNumber: string;
  /**
   * The connection's provider and status as read with the booking (a left join: null for a
   * booking older than connections); absent where the caller did not read them.
   */
  connectionProvider?: GdsProvider | null;
  connectionStatus?: 'ACTIVE' | 'DISCONNECTED' | null;
};

/**
 * The provider of a booking whose connection is no longer active, or null when the booking
 * may be sent to its provider: such a booking is shown as last stored and never acted on
 * (docs/decisions/058).
 */
export function disconnectedProviderOf(booking: BookingReach): GdsProvider | null {
  if (booking.connectionStatus === undefined || booking.connectionStatus === null) return null;
  if (booking.connectionStatus === 'ACTIVE') return null;
  return booking.connectionProvider ?? 'SIMULATOR';
}

/**
 * What a provider can do, known without reaching it: PNR info lists what a disconnected
 * connection's bookings were not watched for, as it does for a live one.
 */
export const capabilitiesOf = (provider: GdsProvider): GdsCapabilities =>
  provider === 'DUFFEL'
    ? DUFFEL_CAPABILITIES
    : provider === 'SABRE'
      ? SABRE_CAPABILITIES
      : GDS_CAPABILITIES;

/**
 * The reservation system a booking lives in, and the id that system knows it by: the
 * provider's own (a Duffel order id) where there is one, else the locator. A booking whose
 * connection was read as disconnected is refused here before any client is made.
 */
export async function providerOf(
  deps: ProviderDeps,
  booking: BookingReach,
): Promise<{ gds: GdsClient; locator: string }> {
  const disconnected = disconnectedProviderOf(booking);
  if (disconnected !== null && booking.connectionId !== null)
    throw new ConnectionDisconnected(booking.connectionId, disconnected);
  const gds =
    deps.registry && booking.connectionId !== null
      ? await deps.registry.forConnection(booking.connectionId)
      : deps.gds;
  return { gds, locator: booking.providerBookingId ?? booking.pnrNumber };
}

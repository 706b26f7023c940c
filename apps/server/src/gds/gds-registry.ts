import type { DuffelPaymentType } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gdsConnections } from '@/db/schema';
import { openSecret } from '@/lib/sealed-secret';
import type { GdsClient, GdsProvider } from './gds-client';
import { instrumentGds } from './instrumented-gds';

/** What an adapter needs to reach one Duffel account. */
export type DuffelAccess = { token: string; apiUrl: string; paymentType?: DuffelPaymentType };

/**
 * A connection that is not active was asked for: nothing is sent to its provider, not even
 * with a client made before it was disconnected (docs/decisions/058).
 */
export class ConnectionDisconnected extends Error {
  constructor(
    readonly connectionId: number,
    readonly provider: GdsProvider,
  ) {
    super(`connection ${connectionId} (${provider}) is disconnected`);
    this.name = 'ConnectionDisconnected';
  }
}

/**
 * The reservation system behind each connection. The embedded simulator serves every
 * simulator connection (and bookings older than connections); a Duffel connection gets its
 * own client, made from its sealed token on first use and kept until the connection changes.
 * A disconnected connection gets none: asking for it fails with ConnectionDisconnected.
 */
export type GdsRegistry = {
  simulator: GdsClient;
  forConnection: (connectionId: number | null) => Promise<GdsClient>;
  /** Drops a connection's client after its token or address changed, or it was disconnected. */
  forget: (connectionId: number) => void;
};

// Other processes learn of a changed connection only from the database: each re-reads it after
// this long, so a replaced token is in use everywhere within a minute.
const CLIENT_TTL_MS = 60_000;

export function createGdsRegistry(deps: {
  db: Db;
  simulator: GdsClient;
  sealingKey: Buffer;
  duffelApiUrl: string;
  makeDuffel: (access: DuffelAccess) => GdsClient;
  now?: () => number;
}): GdsRegistry {
  const now = deps.now ?? Date.now;
  const clients = new Map<number, { at: number; client: Promise<GdsClient> }>();

  const open = async (connectionId: number): Promise<GdsClient> => {
    const [row] = await deps.db
      .select()
      .from(gdsConnections)
      .where(eq(gdsConnections.id, connectionId));
    if (!row) throw new Error(`connection ${connectionId} does not exist`);
    if (row.status !== 'ACTIVE') throw new ConnectionDisconnected(connectionId, row.provider);
    if (row.provider === 'SIMULATOR') return deps.simulator;
    const token = row.sealedToken
      ? openSecret(deps.sealingKey, row.sealedToken, `agency:${row.agencyId}`)
      : null;
    // Never the token itself in the message: it ends up in logs and in PNR info.
    if (token === null) throw new Error(`connection ${connectionId} has no token that opens`);
    return instrumentGds(
      deps.makeDuffel({
        token,
        apiUrl: row.apiUrl ?? deps.duffelApiUrl,
        paymentType: row.paymentType,
      }),
    );
  };

  return {
    simulator: deps.simulator,
    forConnection: (connectionId) => {
      if (connectionId === null) return Promise.resolve(deps.simulator);
      const known = clients.get(connectionId);
      if (known && now() - known.at < CLIENT_TTL_MS) return known.client;
      const made = open(connectionId);
      clients.set(connectionId, { at: now(), client: made });
      // A failed open is tried again next time rather than remembered.
      made.catch(() => clients.delete(connectionId));
      return made;
    },
    forget: (connectionId) => clients.delete(connectionId),
  };
}

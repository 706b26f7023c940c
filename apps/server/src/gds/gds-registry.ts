import type { DuffelPaymentType } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gdsConnections } from '@/db/schema';
import { openSecret } from '@/lib/sealed-secret';
import type { GdsClient, GdsProvider } from './gds-client';
import { instrumentGds } from './instrumented-gds';
import { sabreAccessOf, type SabreAccess } from './sabre/sabre-access';
import { SABRE_SYSTEM_QUEUES } from './sabre/sabre-adapter';

/** What an adapter needs to reach one Duffel account. */
export type DuffelAccess = { token: string; apiUrl: string; paymentType?: DuffelPaymentType };

/** What an adapter needs to reach one agency's Sabre: its sign-in and the queues it reads. */
export type SabreConnectionAccess = SabreAccess & { queues: readonly number[] };

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
  /** SABRE_REST_URL and SABRE_SOAP_URL, where the operator set them. */
  sabreUrls?: { restUrl?: string | undefined; soapUrl?: string | undefined };
  makeSabre?: (access: SabreConnectionAccess) => GdsClient & { close?: () => Promise<void> };
  now?: () => number;
}): GdsRegistry {
  const now = deps.now ?? Date.now;
  type Known = { at: number; version: Promise<string | null>; client: Promise<GdsClient> };
  const clients = new Map<number, Known>();

  /** What a client is made from, while the connection is active; null once it is not. */
  const made = {
    status: gdsConnections.status,
    apiUrl: gdsConnections.apiUrl,
    sealedToken: gdsConnections.sealedToken,
    paymentType: gdsConnections.paymentType,
    environment: gdsConnections.environment,
    username: gdsConnections.username,
    signInPcc: gdsConnections.signInPcc,
    queues: gdsConnections.queues,
  };
  const fingerprint = (row: Record<keyof typeof made, unknown>) =>
    row.status === 'ACTIVE'
      ? JSON.stringify(Object.keys(made).map((key) => row[key as keyof typeof made]))
      : null;
  const versionOf = async (connectionId: number) => {
    const [row] = await deps.db
      .select(made)
      .from(gdsConnections)
      .where(eq(gdsConnections.id, connectionId));
    return row ? fingerprint(row) : null;
  };

  const open = async (connectionId: number) => {
    const [row] = await deps.db
      .select()
      .from(gdsConnections)
      .where(eq(gdsConnections.id, connectionId));
    if (!row) throw new Error(`connection ${connectionId} does not exist`);
    if (row.status !== 'ACTIVE') throw new ConnectionDisconnected(connectionId, row.provider);
    return { client: clientOf(row), version: fingerprint(row) };
  };

  function clientOf(row: typeof gdsConnections.$inferSelect): GdsClient {
    const connectionId = row.id;
    if (row.provider === 'SIMULATOR') return deps.simulator;
    const token = row.sealedToken
      ? openSecret(deps.sealingKey, row.sealedToken, `agency:${row.agencyId}`)
      : null;
    // Never the token itself in the message: it ends up in logs and in PNR info.
    if (token === null) throw new Error(`connection ${connectionId} has no token that opens`);
    if (row.provider === 'SABRE') {
      if (!deps.makeSabre || !row.username || !row.signInPcc)
        throw new Error(`connection ${connectionId} has no Sabre sign-in`);
      return instrumentGds(
        deps.makeSabre(sabreAccessOf(row, token, deps.sabreUrls ?? {}, SABRE_SYSTEM_QUEUES)),
      );
    }
    return instrumentGds(
      deps.makeDuffel({
        token,
        apiUrl: row.apiUrl ?? deps.duffelApiUrl,
        paymentType: row.paymentType,
      }),
    );
  }

  const forget = (connectionId: number) => {
    const known = clients.get(connectionId);
    clients.delete(connectionId);
    // A Sabre client holds sessions at Sabre: they are closed rather than left to time out.
    void known?.client
      .then((client) => (client as { close?: () => Promise<void> }).close?.())
      .catch(() => undefined);
  };

  return {
    simulator: deps.simulator,
    forConnection: async (connectionId) => {
      if (connectionId === null) return deps.simulator;
      const known = clients.get(connectionId);
      if (known && now() - known.at < CLIENT_TTL_MS) return known.client;
      // Past the minute the row is read again: unchanged, it keeps its client (a Sabre one's
      // sessions and what it found on the queues); a new token or address gets a new client.
      if (known) {
        const [was, is] = await Promise.all([
          known.version.catch(() => null),
          versionOf(connectionId),
        ]);
        if (was !== null && was === is) {
          known.at = now();
          return known.client;
        }
        forget(connectionId);
      }
      const opened = open(connectionId);
      const client = opened.then((each) => each.client);
      const version = opened.then((each) => each.version);
      clients.set(connectionId, { at: now(), version, client });
      // A failed open is tried again next time rather than remembered.
      client.catch(() => clients.delete(connectionId));
      return client;
    },
    forget,
  };
}

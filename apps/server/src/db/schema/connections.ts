import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { agencies, branches } from './organisation';

export type ConnectionProvider = 'SIMULATOR' | 'DUFFEL' | 'SABRE';
export type ConnectionStatus = 'ACTIVE' | 'DISCONNECTED';
/** Duffel's PaymentType, as @smt/shared's DUFFEL_PAYMENT_TYPES lists it. */
export type DuffelPaymentType = 'balance' | 'arc_bsp_cash';
/** Sabre's environments: its certification (test) addresses or its production ones. */
export type SabreEnvironment = 'CERT' | 'PROD';

/** What the last 'Test connection' found, as the Connections page shows it. */
export type ConnectionTest = {
  ok: boolean;
  /** What the token can see ('Test mode, 12 orders'), or why it failed. */
  message: string;
  at: string;
};

/**
 * An agency's link to a reservation system: the embedded simulator (the demo's) or a Duffel
 * account. Secrets are sealed (lib/sealed-secret.ts) with the agency as their context and are
 * never sent back; `tokenHint` is the token's last four characters, so people can tell which.
 */
export const gdsConnections = pgTable(
  'gds_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    provider: text('provider').$type<ConnectionProvider>().notNull(),
    status: text('status').$type<ConnectionStatus>().notNull().default('ACTIVE'),
    /** The provider's API address when it is not the default one. */
    apiUrl: text('api_url'),
    sealedToken: text('sealed_token'),
    tokenHint: text('token_hint'),
    sealedWebhookSecret: text('sealed_webhook_secret'),
    /** Where bookings the provider finds land when their agent is not one of ours. */
    defaultBranchId: integer('default_branch_id').references(() => branches.id),
    /** The order metadata key whose value is the agent's e-mail (Duffel orders' `metadata`). */
    agentMetadataKey: text('agent_metadata_key').notNull().default('agent_email'),
    /** How tickets and reprices are paid at Duffel (Duffel's PaymentType). */
    paymentType: text('payment_type').$type<DuffelPaymentType>().notNull().default('balance'),
    /** Sabre: the environment whose addresses are called (SABRE_REST_URL/SOAP_URL override). */
    environment: text('environment').$type<SabreEnvironment>(),
    /** Sabre: the EPR (employee profile) the services act as; its password is `sealedToken`. */
    username: text('username'),
    /** Sabre: the PCC the EPR signs in to. */
    signInPcc: text('sign_in_pcc'),
    /** Sabre: the agency's customer number (DK), as the agency gave it (shown on the connection). */
    customerNumber: text('customer_number'),
    /** Sabre: the queue numbers read for changed PNRs, on every branch's PCC. */
    queues: jsonb('queues').$type<number[]>(),
    lastTest: jsonb('last_test').$type<ConnectionTest>(),
    /** The provider's time of the last catch-up look for changed bookings. */
    syncedAt: instant('synced_at'),
    disconnectedAt: instant('disconnected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gds_connections_agency_idx').on(t.agencyId),
    // One live connection per agency and provider; disconnected ones stay for history.
    uniqueIndex('gds_connections_live_key')
      .on(t.agencyId, t.provider)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** Webhook events already taken, by the provider's event id: a redelivery changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => gdsConnections.id),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('provider_events_key').on(t.connectionId, t.eventId)],
);

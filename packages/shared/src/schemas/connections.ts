import { z } from 'zod';

// An agency's connections to reservation systems (issue 22): the embedded simulator every
// agency starts on, Duffel accounts and Sabre sign-ins (issue 37). Tokens and passwords go in
// and never come back out.

export const CONNECTION_PROVIDERS = ['SIMULATOR', 'DUFFEL', 'SABRE'] as const;
export const ConnectionProvider = z.enum(CONNECTION_PROVIDERS);
export type ConnectionProvider = z.infer<typeof ConnectionProvider>;

export const PROVIDER_LABELS: Record<ConnectionProvider, string> = {
  SIMULATOR: 'Simulator',
  DUFFEL: 'Duffel',
  SABRE: 'Sabre',
};

/**
 * How the agency pays Duffel for what the product buys in its name (a held order's tickets, a
 * reprice's fare difference): its Duffel balance, or ARC/BSP cash for an IATA agency with its
 * own airline agreements (Duffel's `PaymentType`; cards need 3-D Secure with the cardholder).
 */
export const DUFFEL_PAYMENT_TYPES = ['balance', 'arc_bsp_cash'] as const;
export const DuffelPaymentType = z.enum(DUFFEL_PAYMENT_TYPES);
export type DuffelPaymentType = z.infer<typeof DuffelPaymentType>;

export const PAYMENT_TYPE_LABELS: Record<DuffelPaymentType, string> = {
  balance: 'Duffel balance',
  arc_bsp_cash: 'ARC/BSP cash (IATA agencies with their own airline agreements)',
};

/** Sabre's environments: its certification (test) addresses, or its production ones. */
export const SABRE_ENVIRONMENTS = ['CERT', 'PROD'] as const;
export const SabreEnvironment = z.enum(SABRE_ENVIRONMENTS);
export type SabreEnvironment = z.infer<typeof SabreEnvironment>;

export const SABRE_ENVIRONMENT_LABELS: Record<SabreEnvironment, string> = {
  CERT: 'Certification',
  PROD: 'Production',
};

/**
 * Sabre's system queues a connection reads unless told otherwise: schedule changes (5, 6),
 * cancelled segments (7), ticketing time limits (9) and cleared waitlists (17, 18). The
 * server's adapter keeps the same list (gds/sabre/sabre-adapter.ts); a route test holds them equal.
 */
export const SABRE_DEFAULT_QUEUES: readonly number[] = [5, 6, 7, 9, 17, 18];

export const connectionMessages = {
  tokenInvalid:
    "Paste the whole Duffel access token: it starts with 'duffel_test_' or 'duffel_live_'",
  apiUrlInvalid: 'Use an https:// address',
  apiUrlSuperOnly: 'Only a super user sets the API address of a connection',
  apiUrlRefused: 'This server may not reach that address: give the API’s public https:// address',
  webhookSecretInvalid: 'Paste the whole webhook secret (8 to 200 characters)',
  metadataKeyInvalid:
    'Use letters, digits and _ (starting with a letter or _), up to 50 characters',
  branchRequired: 'Choose the branch new orders land on',
  branchOutside: 'That branch is not one of the agency’s',
  alreadyConnected: 'This agency is connected to Duffel already: disconnect that connection first',
  notFound: 'There is no such connection',
  agencyOnly: 'Connections are set for a whole agency: ask your agency manager',
  disconnected: 'This connection is disconnected',
  simulatorHasNoToken: 'The simulator needs no token',
  simulatorTakesNoPayment: 'The simulator takes no payment: only a Duffel connection pays',
  agencyRequired: 'Choose the agency to connect',
  sabreAlreadyConnected:
    'This agency is connected to Sabre already: disconnect that connection first',
  environmentInvalid: 'Choose Certification or Production',
  eprInvalid: 'Give the EPR as Sabre issued it: letters and digits, up to 12',
  pccInvalid: 'Give the PCC: 3 or 4 letters and digits',
  passwordInvalid: "Give the EPR's password (up to 100 characters)",
  customerNumberInvalid: 'Give the customer number (DK) as digits only, up to 10',
  queuesInvalid: 'Queues are numbers from 0 to 511',
  queuesCount: 'Give 1 to 20 queue numbers',
  queuesRepeated: 'Give each queue once',
  sabreSettingsOnly:
    'A Sabre connection takes its own settings only: EPR, PCC, password, customer number and queues',
  notSabre: 'Only a Sabre connection takes an EPR, PCC, password or queues',
} as const;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A Duffel access token as Duffel issues them (test or live mode). */
export const DuffelToken = z
  .string()
  .trim()
  .regex(/^duffel_(test|live)_[A-Za-z0-9_-]{8,200}$/, connectionMessages.tokenInvalid);

const ApiUrl = z
  .url({ protocol: /^https$/, error: connectionMessages.apiUrlInvalid })
  .max(300, connectionMessages.apiUrlInvalid);

const WebhookSecret = z.string().trim().min(8, connectionMessages.webhookSecretInvalid).max(200);

const MetadataKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, connectionMessages.metadataKeyInvalid);

export const ConnectDuffelBody = z.object({
  agencyId: Id,
  token: DuffelToken,
  apiUrl: ApiUrl.optional(),
  webhookSecret: WebhookSecret.optional(),
  defaultBranchId: Id,
  agentMetadataKey: MetadataKey.default('agent_email'),
  paymentType: DuffelPaymentType.default('balance'),
});
export type ConnectDuffelBody = z.input<typeof ConnectDuffelBody>;

/** Only what is given changes; a new token replaces the old one. */
export const ConnectionUpdateBody = z.object({
  connectionId: Id,
  token: DuffelToken.optional(),
  webhookSecret: WebhookSecret.optional(),
  defaultBranchId: Id.optional(),
  agentMetadataKey: MetadataKey.optional(),
  paymentType: DuffelPaymentType.optional(),
});
export type ConnectionUpdateBody = z.input<typeof ConnectionUpdateBody>;

const Epr = z
  .string(connectionMessages.eprInvalid)
  .trim()
  .regex(/^[A-Za-z0-9]{1,12}$/, connectionMessages.eprInvalid);

const Pcc = z
  .string(connectionMessages.pccInvalid)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,4}$/, connectionMessages.pccInvalid);

// Taken as typed: a password's spaces are its own.
const SabrePassword = z
  .string(connectionMessages.passwordInvalid)
  .min(1, connectionMessages.passwordInvalid)
  .max(100, connectionMessages.passwordInvalid);

const CustomerNumber = z
  .string(connectionMessages.customerNumberInvalid)
  .trim()
  .regex(/^\d{1,10}$/, connectionMessages.customerNumberInvalid);

const QueueNumber = z
  .number(connectionMessages.queuesInvalid)
  .int(connectionMessages.queuesInvalid)
  .min(0, connectionMessages.queuesInvalid)
  .max(511, connectionMessages.queuesInvalid);

const SabreQueues = z
  .array(QueueNumber, connectionMessages.queuesCount)
  .min(1, connectionMessages.queuesCount)
  .max(20, connectionMessages.queuesCount)
  .refine((queues) => new Set(queues).size === queues.length, connectionMessages.queuesRepeated);

const Environment = z.enum(SABRE_ENVIRONMENTS, connectionMessages.environmentInvalid);

/**
 * Connects an agency to Sabre: the EPR signs in to the PCC with its password, on the
 * environment's addresses. No branch is asked: a Sabre PNR belongs to the branch whose PCC it
 * is on, so the connection watches the queues of every branch's PCC.
 */
export const ConnectSabreBody = z.object({
  agencyId: Id,
  environment: Environment.default('CERT'),
  epr: Epr,
  pcc: Pcc,
  password: SabrePassword,
  customerNumber: CustomerNumber.optional(),
  queues: SabreQueues.default(() => [...SABRE_DEFAULT_QUEUES]),
});
export type ConnectSabreBody = z.input<typeof ConnectSabreBody>;

/** Only what is given changes: no password keeps the stored one; a null DK removes it. */
export const SabreUpdateBody = z.object({
  connectionId: Id,
  environment: Environment.optional(),
  epr: Epr.optional(),
  pcc: Pcc.optional(),
  password: SabrePassword.optional(),
  customerNumber: CustomerNumber.nullable().optional(),
  queues: SabreQueues.optional(),
});
export type SabreUpdateBody = z.input<typeof SabreUpdateBody>;

export const ConnectionIdBody = z.object({ connectionId: Id });

export const ConnectionsQuery = z.object({ agencyId: Id.optional() });

export const ConnectionTestResult = z.object({
  ok: z.boolean(),
  /** What the token can see ('Test mode: 3 orders'), or why it failed. */
  message: z.string(),
  at: z.iso.datetime(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

export const ConnectionItem = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  provider: ConnectionProvider,
  status: z.enum(['ACTIVE', 'DISCONNECTED']),
  /** The connection's own API address, when it has one. */
  apiUrl: z.string().nullable(),
  /** The token's last four characters: which token it is, never the token. */
  tokenHint: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  /** Where the provider should send webhooks (a path under this server), or null. */
  webhookPath: z.string().nullable(),
  defaultBranchId: z.number().int().nullable(),
  defaultBranchName: z.string().nullable(),
  agentMetadataKey: z.string(),
  /** How the product pays Duffel in the agency's name; null for the simulator. */
  paymentType: DuffelPaymentType.nullable(),
  /** Sabre: the environment whose addresses it calls; null for the others. */
  environment: SabreEnvironment.nullable(),
  /** Sabre: the EPR it signs in as (its password is never answered). */
  username: z.string().nullable(),
  /** Sabre: the PCC the EPR signs in to. */
  signInPcc: z.string().nullable(),
  /** Sabre: the agency's customer number (DK), when it has one. */
  customerNumber: z.string().nullable(),
  /** Sabre: the queue numbers it reads on each watched PCC. */
  queues: z.array(z.number().int()).nullable(),
  /** Sabre: the PCCs it watches, its agency's enabled branches'; empty for the others. */
  watchedPccs: z.array(z.string()),
  lastTest: ConnectionTestResult.nullable(),
  bookingsMonitored: z.number().int(),
  createdAt: z.iso.datetime(),
  disconnectedAt: z.iso.datetime().nullable(),
});
export type ConnectionItem = z.infer<typeof ConnectionItem>;

export const ConnectionList = z.object({ items: z.array(ConnectionItem) });
export type ConnectionList = z.infer<typeof ConnectionList>;

import {
  ConnectDuffelBody,
  connectionMessages,
  ConnectionUpdateBody,
  type AgencyItem,
  type ConnectionItem,
} from '@smt/shared';
import type { z } from 'zod';
import { formSchemaOf } from '@/lib/form-schema';

// The connection forms hold strings, as their fields do; these turn them into what the shared
// schemas parse, so the form shows the very messages the server answers with.

export type ConnectFormValues = {
  agencyId: string;
  token: string;
  webhookSecret: string;
  defaultBranchId: string;
  agentMetadataKey: string;
  paymentType: string;
  apiUrl: string;
};

export type EditFormValues = {
  token: string;
  webhookSecret: string;
  defaultBranchId: string;
  agentMetadataKey: string;
  paymentType: string;
};

/** The schema's own default key, so the form starts where the server would. */
const DEFAULT_METADATA_KEY = ConnectDuffelBody.shape.agentMetadataKey.parse(undefined);
const DEFAULT_PAYMENT_TYPE = ConnectDuffelBody.shape.paymentType.parse(undefined);

/** An empty optional field is left out: the schema then keeps or defaults it. */
const optional = (value: string) => (value.trim() === '' ? undefined : value);

/** A new connection's form; a manager's own agency comes chosen. */
export const connectFormOf = (agency: AgencyItem | undefined): ConnectFormValues => ({
  agencyId: agency ? String(agency.id) : '',
  token: '',
  webhookSecret: '',
  defaultBranchId: '',
  agentMetadataKey: DEFAULT_METADATA_KEY,
  paymentType: DEFAULT_PAYMENT_TYPE,
  apiUrl: '',
});

const connectBodyOf = (values: ConnectFormValues) => ({
  agencyId: values.agencyId,
  token: values.token,
  apiUrl: optional(values.apiUrl),
  webhookSecret: optional(values.webhookSecret),
  defaultBranchId: values.defaultBranchId,
  agentMetadataKey: values.agentMetadataKey,
  paymentType: values.paymentType,
});

/** An edit starts on the connection's settings, with the secrets empty: empty keeps them. */
export const editFormOf = (connection: ConnectionItem): EditFormValues => ({
  token: '',
  webhookSecret: '',
  defaultBranchId: connection.defaultBranchId === null ? '' : String(connection.defaultBranchId),
  agentMetadataKey: connection.agentMetadataKey,
  paymentType: connection.paymentType ?? DEFAULT_PAYMENT_TYPE,
});

const editBodyOf = (connectionId: number, values: EditFormValues) => ({
  connectionId,
  token: optional(values.token),
  webhookSecret: optional(values.webhookSecret),
  // Never left out when empty: a Duffel connection keeps a default branch, so '' is refused.
  defaultBranchId: values.defaultBranchId,
  agentMetadataKey: values.agentMetadataKey,
  paymentType: values.paymentType,
});

/** An empty branch select says what to choose, rather than the id's 'positive whole number'. */
export const branchRequired = (issue: z.core.$ZodRawIssue): string | undefined =>
  issue.path?.[0] === 'defaultBranchId' && (issue.input === '' || issue.input === 0)
    ? connectionMessages.branchRequired
    : undefined;

export const connectSchema = formSchemaOf(connectBodyOf, ConnectDuffelBody);

export const editSchemaOf = (connectionId: number) =>
  formSchemaOf((values: EditFormValues) => editBodyOf(connectionId, values), ConnectionUpdateBody);

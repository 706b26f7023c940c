import {
  ConnectSabreBody,
  connectionMessages,
  SABRE_DEFAULT_QUEUES,
  SabreUpdateBody,
  type AgencyItem,
  type ConnectionItem,
} from '@smt/shared';
import { z } from 'zod';
import { formSchemaOf } from '@/lib/form-schema';

// The Sabre forms hold strings, as their fields do; these turn them into what the shared
// schemas parse, so the form shows the very messages the server answers with.

export type SabreFormValues = {
  environment: string;
  epr: string;
  pcc: string;
  password: string;
  customerNumber: string;
  /** The queue numbers as typed: '5, 6, 7'. */
  queues: string;
};

export type ConnectSabreFormValues = SabreFormValues & { agencyId: string };

const DEFAULT_ENVIRONMENT = ConnectSabreBody.shape.environment.parse(undefined);

const queuesText = (queues: readonly number[]) => queues.join(', ');

/** Commas or spaces between the numbers; anything else is a number the schema refuses. */
const queuesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);

/** An empty optional field is left out: the schema then defaults it. */
const optional = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The queues are one field: an issue of one of them (`queues.2`) is shown at that field, as
 * the form shows messages by field. An agency not chosen yet says what to do, rather than the
 * id's 'too small'.
 */
const byField = <T>(schema: z.ZodType<T>) =>
  z.unknown().transform((values, context): T => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [field] = issue.path;
      context.addIssue({
        code: 'custom',
        message: field === 'agencyId' ? connectionMessages.agencyRequired : issue.message,
        path: issue.path.slice(0, 1),
      });
    }
    return z.NEVER;
  });

/** A new connection's form, on Sabre's system queues; a manager's own agency comes chosen. */
export const connectSabreFormOf = (agency: AgencyItem | undefined): ConnectSabreFormValues => ({
  agencyId: agency ? String(agency.id) : '',
  environment: DEFAULT_ENVIRONMENT,
  epr: '',
  pcc: '',
  password: '',
  customerNumber: '',
  queues: queuesText(SABRE_DEFAULT_QUEUES),
});

const connectBodyOf = (values: ConnectSabreFormValues) => ({
  agencyId: values.agencyId,
  environment: values.environment,
  epr: values.epr,
  pcc: values.pcc,
  password: values.password,
  customerNumber: optional(values.customerNumber),
  queues: queuesOf(values.queues),
});

/** An edit starts on the connection's settings with the password empty: empty keeps it. */
export const editSabreFormOf = (connection: ConnectionItem): SabreFormValues => ({
  environment: connection.environment ?? DEFAULT_ENVIRONMENT,
  epr: connection.username ?? '',
  pcc: connection.signInPcc ?? '',
  password: '',
  customerNumber: connection.customerNumber ?? '',
  queues: queuesText(connection.queues ?? SABRE_DEFAULT_QUEUES),
});

const editBodyOf = (connectionId: number, values: SabreFormValues) => ({
  connectionId,
  environment: values.environment,
  epr: values.epr,
  pcc: values.pcc,
  password: values.password === '' ? undefined : values.password,
  // Shown filled in: emptied, the agency no longer has one.
  customerNumber: optional(values.customerNumber) ?? null,
  queues: queuesOf(values.queues),
});

export const connectSabreSchema = byField(formSchemaOf(connectBodyOf, ConnectSabreBody));

export const editSabreSchemaOf = (connectionId: number) =>
  byField(
    formSchemaOf((values: SabreFormValues) => editBodyOf(connectionId, values), SabreUpdateBody),
  );

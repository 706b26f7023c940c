import { HTTP_STATUS_OF, errorMessages, type ApiErrorBody, type ErrorCode } from '@smt/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/database-unreachable';
import { AppError } from '../lib/app-error';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

function validationBody(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]) {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = field === '' ? (error.validationContext ?? 'body') : field;
    fieldErrors[key] ??= issue.message ?? 'Invalid value';
  }
  const body: ApiErrorBody = {
    code: 'BAD_REQUEST',
    message: `The request has invalid fields: ${Object.keys(fieldErrors).join(', ')}.`,
    fieldErrors,
  };
  return body;
}

// What the database refuses in a value the request brought (by SQLSTATE): an id beyond the
// column's range, text it cannot hold. The caller's 400, not a failure of ours.
const REFUSED_VALUES: Partial<Record<string, string>> = {
  '22003': 'A number in the request is out of range.',
  '22001': 'A text in the request is too long.',
  '22021': 'A text in the request has characters that cannot be stored.',
  '22P05': 'A text in the request has characters that cannot be stored.',
};

function refusedValueOf(error: unknown): string | undefined {
  // Drizzle wraps the driver's error; PostgreSQL's and PGlite's both carry the SQLSTATE.
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause instanceof Error; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && REFUSED_VALUES[code]) return REFUSED_VALUES[code];
    cause = cause.cause;
  }
  return undefined;
}

/** Seconds a client is asked to wait before it calls again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Where an address the router cannot read is sent again, to be refused like other input. */
const UNREADABLE_ADDRESS_PATH = '/api/.unreadable-address';
const ROUTER_REFUSALS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * Fastify's router refuses a broken %-escape or an over-long path segment before any hook
 * runs: in a shape of its own, without the security headers. Routed again to a route that
 * refuses it, the request leaves through every hook like any other error. For the
 * `frameworkErrors` option of the server.
 */
export function rerouteFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (ROUTER_REFUSALS.has(error.code)) {
    request.raw.url = UNREADABLE_ADDRESS_PATH;
    request.server.routing(request.raw, reply.raw);
    return;
  }
  const body: ApiErrorBody = {
    code: 'INTERNAL',
    message: `${errorMessages.genericTitle}. ${errorMessages.genericText}.`,
  };
  reply.status(500).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error leaves the server in CONTRACT's shape. Bad input is the caller's 4xx with a
 * sentence saying what is wrong; anything unexpected is a 500 that tells nothing of the inside.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A handler may have set another type (the SPA sets text/html) before it failed.
    reply.type('application/json; charset=utf-8');
    const invalid = validationBody(error);
    if (invalid) return reply.status(400).send(invalid);

    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.status(HTTP_STATUS_OF[error.code]).send(body);
    }

    if (isDatabaseUnreachable(error)) {
      // Not our bug and not the caller's: the database is away (docs/decisions/020). CONTRACT
      // has no code of its own for it, so INTERNAL with 503 and when to try again.
      request.log.warn({ err: error }, 'the database cannot be reached');
      const body: ApiErrorBody = { code: 'INTERNAL', message: errorMessages.databaseUnavailable };
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body);
    }

    const refused = refusedValueOf(error);
    if (refused) {
      // Kept in the log: a value the server made itself would land here too.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      const body: ApiErrorBody = { code: 'BAD_REQUEST', message: refused };
      return reply.status(400).send(body);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, unsupported media type, body too large, ...).
      const code = CODE_OF_STATUS[status] ?? 'BAD_REQUEST';
      const body: ApiErrorBody = { code, message: error.message };
      return reply.status(HTTP_STATUS_OF[code]).send(body);
    }

    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = {
      code: 'INTERNAL',
      message: `${errorMessages.genericTitle}. ${errorMessages.genericText}.`,
    };
    return reply.status(500).send(body);
  });

  app.all(UNREADABLE_ADDRESS_PATH, { schema: { hide: true } }, async () => {
    throw new AppError(
      'BAD_REQUEST',
      'The address cannot be read: it has a broken %-escape or a part that is too long.',
    );
  });

  app.setNotFoundHandler((request, reply) => {
    reply.type('application/json; charset=utf-8');
    const body: ApiErrorBody = {
      code: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
});

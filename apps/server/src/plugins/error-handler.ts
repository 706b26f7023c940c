import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HTTP_STATUS_OF, errorMessages, type ApiErrorBody, type ErrorCode } from '@smt/shared';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/database-unreachable';
import type { StorageCondition } from '../db/storage-condition';
import { AppError } from '../lib/app-error';
import { DomainError } from '../lib/domain-error';
import { CODE_OF_REASON } from './error-reasons';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/**
 * Refusals of the request as HTTP (its pace, its size, its type) keep their own status, so
 * clients and proxies can tell what happened. CONTRACT's code list has nothing closer for them
 * than BAD_REQUEST, so that is their code.
 */
export const REQUEST_REFUSAL_STATUSES: ReadonlySet<number> = new Set([408, 413, 415, 431]);

// Fastify's own words for these are terse or name internals; the sentences are ours.
const FRAMEWORK_MESSAGES: Partial<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than the server accepts.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'The request body is of a type the server does not accept: send JSON or a form.',
};

/** A request must have arrived whole within this; slow senders cannot hold a socket longer. */
export const REQUEST_TIMEOUT_MS = 60_000;

// What Node's HTTP parser refuses before Fastify sees a request (error codes of node:http).
const CLIENT_ERRORS: Partial<Record<string, { status: number; message: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, message: 'The request could not be read as HTTP.' };

/**
 * Node's HTTP parser refused a request (headers too large, malformed, too slow) before
 * Fastify saw it: the answer is written to the socket here, in CONTRACT's shape, and the
 * socket is closed. For the `clientErrorHandler` option of the server.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection is gone; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code] ?? MALFORMED;
  this.log.debug({ err: error }, 'a request refused by the HTTP parser');
  // An answer already under way (a slow upload to a route that has answered) is not broken into.
  const started = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body: ApiErrorBody = { code: 'BAD_REQUEST', message };
    const text = JSON.stringify(body);
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(text)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        text,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

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

/** What the log says of a client that left before a streamed answer began. */
export const CLIENT_LEFT = 'the client closed the connection before the answer began';

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
/** What the handler tells the process: a full disk, which readiness then says too. */
type ErrorOptions = { storage: StorageCondition };

export const errorHandlerPlugin = fp(async (app: FastifyInstance, { storage }: ErrorOptions) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The client closed the connection before the first byte of a streamed answer (a CSV
    // download stopped, a page left): there is no one to answer and nothing failed here. Once
    // bytes have gone Fastify itself logs the same at info ('stream closed prematurely').
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed) {
      request.log.info(CLIENT_LEFT);
      reply.hijack();
      return;
    }
    // A handler may have set another type (the SPA sets text/html) before it failed.
    reply.type('application/json; charset=utf-8');
    const invalid = validationBody(error);
    if (invalid) return reply.status(400).send(invalid);

    if (error instanceof DomainError) {
      const code = CODE_OF_REASON[error.reason];
      if (code) {
        // The reason tells apart refusals that share a code (CONFLICT, say): clients branch on it.
        const body: ApiErrorBody = { code, message: error.message, reason: error.reason };
        if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
        return reply.status(HTTP_STATUS_OF[code]).send(body);
      }
      // A module's `fail` takes only reasons it lists: this is a reason made by hand.
      request.log.error({ err: error }, 'a refusal whose reason has no code');
    }

    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.status(HTTP_STATUS_OF[error.code]).send(body);
    }

    // Not our bug and not the caller's: the database is away, or up with its disk full so that
    // a write fails until space is freed (docs/decisions/020). CONTRACT has no code of its own
    // for either, so INTERNAL with 503 and when to try again; readiness says the same.
    const unavailable = storage.note(error)
      ? { log: 'the database has no disk space left', message: errorMessages.databaseFull }
      : isDatabaseUnreachable(error)
        ? { log: 'the database cannot be reached', message: errorMessages.databaseUnavailable }
        : null;
    if (unavailable) {
      request.log.warn({ err: error }, unavailable.log);
      const body: ApiErrorBody = { code: 'INTERNAL', message: unavailable.message };
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
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      const body: ApiErrorBody = { code, message };
      return reply
        .status(REQUEST_REFUSAL_STATUSES.has(status) ? status : HTTP_STATUS_OF[code])
        .send(body);
    }

    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = {
      code: 'INTERNAL',
      message: `${errorMessages.genericTitle}. ${errorMessages.genericText}.`,
    };
    return reply.status(500).send(body);
  });

  // Refused on arrival: the body such a request brought is never parsed nor judged, so a
  // signed-out caller hears of the address, not of a field of a route it never reached.
  const refuseAddress = async () => {
    throw new AppError(
      'BAD_REQUEST',
      'The address cannot be read: it has a broken %-escape or a part that is too long.',
    );
  };
  app.all(
    UNREADABLE_ADDRESS_PATH,
    { schema: { hide: true }, onRequest: refuseAddress },
    refuseAddress,
  );

  app.setNotFoundHandler((request, reply) => {
    reply.type('application/json; charset=utf-8');
    const body: ApiErrorBody = {
      code: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
});

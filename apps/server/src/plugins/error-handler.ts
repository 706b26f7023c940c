import { HTTP_STATUS_OF, errorMessages, type ApiErrorBody, type ErrorCode } from '@smt/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

  app.setNotFoundHandler((request, reply) => {
    reply.type('application/json; charset=utf-8');
    const body: ApiErrorBody = {
      code: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
});

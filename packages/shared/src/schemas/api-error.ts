import * as z from 'zod/mini';

// zod/mini: the SPA checks this before its first screen, which then loads zod's core alone,
// not the full build's own code too (11 KB gzipped). The server reads it just the same.

// The error shape of CONTRACT.md: every failed call answers with it.

export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export const ApiErrorBody = z.object({
  code: ErrorCode,
  message: z.string(),
  /**
   * The module's refusal (`pnrs.already-ticketed`) wherever the product's own rule refused:
   * what a client branches on, since a code is shared by many refusals and a message is words.
   */
  reason: z.optional(z.string()),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

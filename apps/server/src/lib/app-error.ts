import type { ErrorCode } from '@smt/shared';

/**
 * The one error a service throws. The error handler turns its code into the HTTP status and
 * CONTRACT's error shape; services know nothing of HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, fieldErrors);

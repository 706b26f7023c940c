import { AppError } from './app-error';

/**
 * A refusal by the product's rules, named by its module's reason (`pnrs.not-ota`, say). Each
 * module's reasons, with CONTRACT's error code, are @smt/shared's refusals (its `*.errors.ts`
 * fails with them), and the error handler answers the reason's code and the reason itself: a
 * service says why, never which HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * A module's way of failing: `failWith(errorCodes)` gives a function that takes only that
 * module's reasons, with the message of SPEC §8 (or the module's own words) and any field's.
 */
export const failWith =
  <Codes extends Record<string, unknown>>(_codes: Codes) =>
  (reason: keyof Codes & string, message: string, fieldErrors?: Record<string, string>) =>
    new DomainError(reason, message, fieldErrors);

/** An error already in words for the caller: a module's refusal or an infrastructure one. */
export const isAnswered = (error: unknown): error is DomainError | AppError =>
  error instanceof DomainError || error instanceof AppError;

import type { ErrorCode } from '@smt/shared';

/**
 * A failure of the infrastructure under a call (a mail or SMS transport that is down, a
 * request the security layer refuses), with its code of CONTRACT's error shape. A refusal by
 * the product's rules is a module's DomainError instead (lib/domain-error.ts).
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

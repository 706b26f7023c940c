import { CODE_OF_REFUSAL, type ErrorCode } from '@smt/shared';

// Every module's reasons in one map: the error handler answers a DomainError with its
// reason's code and that code's status (HTTP_STATUS_OF). The list is @smt/shared's, which the
// web branches on too; each module's `*.errors.ts` fails with its own part of it.

export const CODE_OF_REASON: Readonly<Record<string, ErrorCode>> = CODE_OF_REFUSAL;

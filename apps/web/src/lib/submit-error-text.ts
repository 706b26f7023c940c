import { errorMessages } from '@smt/shared';
import { ApiError } from '@/lib/api-client';

/**
 * What a failed form submission says (SPEC §8): the server's own message when it refused the
 * form (a 4xx: a duplicate, a row out of reach), otherwise 'Submit failed! Try again later'.
 */
export function submitErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return errorMessages.submitFailed;
}

/** The same rule for a row action (switch, delete) whose failure is a red snack. */
export function actionErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return errorMessages.operationFailed;
}

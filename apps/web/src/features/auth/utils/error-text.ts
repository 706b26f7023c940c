import { errorMessages } from '@smt/shared';
import type { LoginFieldErrors } from '@/features/auth/utils/login-form-values';
import { ApiError } from '@/lib/api-client';

/** What to tell the user about a failed call: the server's sentence, or a generic one. */
export function errorTextOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return errorMessages.genericTitle;
}

/** The server names the phone `phone` or `deviceNumber`; the form calls it `phoneNum`. */
export function loginFieldErrorsOf(error: unknown): LoginFieldErrors {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const { email, phone, deviceNumber } = error.fieldErrors;
  const errors: LoginFieldErrors = {};
  if (email) errors.email = email;
  if (phone ?? deviceNumber) errors.phoneNum = phone ?? deviceNumber;
  return errors;
}

/** A verify call's message: the field's own when the code itself was refused. */
export function codeErrorOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.fieldErrors?.code) return error.fieldErrors.code;
  return errorTextOf(error);
}

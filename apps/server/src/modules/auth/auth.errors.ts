import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the auth module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'auth.signed-out': 'UNAUTHORIZED',
  /** The session behind a token or refresh cookie has ended (or never was). */
  'auth.session-expired': 'UNAUTHORIZED',
  /** A token presented with another person's phone or e-mail headers. */
  'auth.identity-mismatch': 'UNAUTHORIZED',
  /** The signed-in (or impersonated) user was disabled during the session. */
  'auth.session-user-disabled': 'UNAUTHORIZED',
  /** The caller's roles do not open the route's page. */
  'auth.page-denied': 'FORBIDDEN',
  'auth.captcha-failed': 'BAD_REQUEST',
  /** A code or link was sent to this e-mail (or phone + e-mail) less than a minute ago. */
  'auth.resend-too-soon': 'RATE_LIMITED',
  /** The hourly sends of this e-mail, address or phone + e-mail are used up (decision 052). */
  'auth.too-many-sends': 'RATE_LIMITED',
  /** No SMS code is pending for this phone and e-mail (none sent, or already used). */
  'auth.code-not-pending': 'BAD_REQUEST',
  'auth.code-expired': 'BAD_REQUEST',
  'auth.code-wrong': 'BAD_REQUEST',
  /** The sign-in link is unknown, used or expired. */
  'auth.link-expired': 'BAD_REQUEST',
  'auth.link-other-email': 'BAD_REQUEST',
  /** The phone is proved, but its user has another e-mail. */
  'auth.phone-taken': 'CONFLICT',
  /** The e-mail is proved, but its owner has another phone. */
  'auth.email-taken': 'CONFLICT',
  /** A proved e-mail that no one with this phone has: registering takes the SMS code. */
  'auth.register-by-sms-first': 'FORBIDDEN',
  /** The user is disabled or not activated: they may not sign in. */
  'auth.no-app-access': 'FORBIDDEN',
} as const satisfies Record<`auth.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);

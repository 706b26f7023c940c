import {
  SendSignInBody,
  ValidateUserDetailsBody,
  VerifyCodeBody,
  VerifyLinkBody,
} from '../schemas/sign-in';
import {
  CaptchaChallengeResponse,
  SendSignInResponse,
  SignInDone,
  TokenResponse,
} from '../schemas/sign-in-answers';
import { defineCall } from './define-call';

// The sign-in calls of CONTRACT.md: the captcha, then an SMS code or an e-mail link. Their
// bodies are checked by the sign-in rules, which need libphonenumber's metadata and the full
// zod build: the web loads these contracts with the login form's check, never with a first
// screen (apps/web/src/features/auth/api/load-sign-in-calls.ts). The session's calls, which
// every page makes at once, are `sessionCalls` (meta-calls.ts), zod/mini only.

/** Sends a code (SMS) or a link (e-mail) to sign in with. */
const send = <const Path extends string>(path: Path) =>
  defineCall({
    method: 'POST',
    path,
    access: 'public',
    body: SendSignInBody,
    encoding: 'json',
    answer: SendSignInResponse,
    refusals: ['auth.captcha-failed', 'auth.resend-too-soon', 'auth.too-many-sends'],
  });

export const authCalls = {
  captcha: defineCall({
    method: 'GET',
    path: 'auth/captcha',
    access: 'public',
    answer: CaptchaChallengeResponse,
  }),
  validateUserDetails: defineCall({
    method: 'POST',
    path: 'validateUserDetails',
    access: 'public',
    body: ValidateUserDetailsBody,
    encoding: 'json',
    answer: SignInDone,
    refusals: ['auth.captcha-failed'],
  }),
  sendSms: send('auth/sms/send'),
  sendEmail: send('auth/email/send'),
  verifySms: defineCall({
    method: 'POST',
    path: 'auth/sms/verify',
    access: 'public',
    body: VerifyCodeBody,
    encoding: 'json',
    answer: TokenResponse,
    refusals: [
      'auth.code-not-pending',
      'auth.code-expired',
      'auth.code-wrong',
      'auth.phone-taken',
      'auth.no-app-access',
    ],
  }),
  verifyEmail: defineCall({
    method: 'POST',
    path: 'auth/email/verify',
    access: 'public',
    body: VerifyLinkBody,
    encoding: 'json',
    answer: TokenResponse,
    refusals: [
      'auth.link-expired',
      'auth.link-other-email',
      'auth.email-taken',
      'auth.register-by-sms-first',
      'auth.no-app-access',
    ],
  }),
};

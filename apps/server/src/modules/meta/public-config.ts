import type { ClientConfig } from '@smt/shared';
import type { Env } from '@/config/env';

/** What the SPA needs to know before anyone signs in: the config call's answer and the document's. */
export const publicConfigOf = (env: Env): ClientConfig => ({
  environment: env.APP_ENV,
  termsUrl: env.TERMS_URL,
  privacyUrl: env.PRIVACY_URL,
  feedbackUrl: env.FEEDBACK_URL,
  supportEmail: env.SUPPORT_EMAIL,
  supportPhones: env.SUPPORT_PHONES,
  sessionDurationMinutes: env.SESSION_DURATION_MINUTES,
  keepLoggedInDays: env.KEEP_LOGGED_IN_DAYS,
});

import * as z from 'zod/mini';

// zod/mini: the SPA checks this before its first screen, which then loads zod's core alone,
// not the full build's own code too (11 KB gzipped). The server reads it just the same.

/** What GET /api/config tells the SPA before anyone signs in. */
export const ClientConfig = z.object({
  environment: z.enum(['local', 'staging', 'production']),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  feedbackUrl: z.string(),
  supportEmail: z.string(),
  supportPhones: z.array(z.string()),
  sessionDurationMinutes: z.int(),
  keepLoggedInDays: z.int(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

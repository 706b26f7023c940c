import { z } from 'zod';

/** What GET /api/config tells the SPA before anyone signs in. */
export const ClientConfig = z.object({
  environment: z.enum(['local', 'staging', 'production']),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  feedbackUrl: z.string(),
  supportEmail: z.string(),
  supportPhones: z.array(z.string()),
  sessionDurationMinutes: z.number().int(),
  keepLoggedInDays: z.number().int(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

import { z } from 'zod';

// What the sign-in calls of CONTRACT.md answer. Apart from the sign-in rules in sign-in.ts,
// which need the phone metadata: every page checks these answers, not only the login form.

export const SendSignInResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
});

export const TokenResponse = z.object({ accessToken: z.string(), expiresAt: z.iso.datetime() });
export type TokenResponse = z.infer<typeof TokenResponse>;

import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

export const CaptchaChallenge = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.optional(z.int().check(z.positive())),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

export function getCaptcha(): Promise<CaptchaChallenge> {
  return api.get('auth/captcha', { schema: CaptchaChallenge });
}

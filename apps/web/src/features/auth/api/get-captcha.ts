import { errorMessages } from '@smt/shared';
import * as z from 'zod/mini';
import { loadSignInCalls } from '@/features/auth/api/load-sign-in-calls';
import { api, ApiError } from '@/lib/api-client';

/** The challenges the page can solve: ALTCHA v1's algorithms, up to a positive number. */
export const CaptchaChallenge = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.optional(z.int().check(z.positive())),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

export async function getCaptcha(): Promise<CaptchaChallenge> {
  const answer = await api.call((await loadSignInCalls()).captcha, {});
  const parsed = z.safeParse(CaptchaChallenge, answer);
  if (parsed.success) return parsed.data;
  // One the page cannot solve is as broken an answer as one the contract does not read.
  throw new ApiError({ status: 200, code: 'INTERNAL', message: errorMessages.genericTitle });
}

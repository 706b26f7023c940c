import type { SendSignInResponse } from '@smt/shared';
import type { z } from 'zod';
import { loadSignInCalls } from '@/features/auth/api/load-sign-in-calls';
import { api } from '@/lib/api-client';

export type SignInChannel = 'email' | 'sms';

export type SentAnswer = z.infer<typeof SendSignInResponse>;

export type SendSignInInput = { email: string; phone: string; captcha: string };

/** Sends an e-mail link (`email`) or an SMS code (`sms`) to sign in with. */
export async function sendSignIn(
  channel: SignInChannel,
  body: SendSignInInput,
): Promise<SentAnswer> {
  const calls = await loadSignInCalls();
  return api.call(channel === 'sms' ? calls.sendSms : calls.sendEmail, { body });
}

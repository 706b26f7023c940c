import { SendSignInResponse } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SignInChannel = 'email' | 'sms';

export type SentAnswer = z.infer<typeof SendSignInResponse>;

export type SendSignInInput = { email: string; phone: string; captcha: string };

/** Sends an e-mail link (`email`) or an SMS code (`sms`) to sign in with. */
export function sendSignIn(channel: SignInChannel, body: SendSignInInput): Promise<SentAnswer> {
  return api.postJson(`auth/${channel}/send`, body, { schema: SendSignInResponse });
}

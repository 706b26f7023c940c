import type { TokenResponse } from '@smt/shared';
import { loadSignInCalls } from '@/features/auth/api/load-sign-in-calls';
import { api } from '@/lib/api-client';

export type VerifyEmailLinkInput = { email: string; oobCode: string; keepLoggedIn: boolean };

export async function verifyEmailLink(body: VerifyEmailLinkInput): Promise<TokenResponse> {
  return api.call((await loadSignInCalls()).verifyEmail, { body });
}

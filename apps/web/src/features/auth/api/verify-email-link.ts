import { TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

export type VerifyEmailLinkInput = { email: string; oobCode: string; keepLoggedIn: boolean };

export function verifyEmailLink(body: VerifyEmailLinkInput): Promise<TokenResponse> {
  return api.postJson('auth/email/verify', body, { schema: TokenResponse });
}

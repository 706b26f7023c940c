import type { TokenResponse } from '@smt/shared';
import { loadSignInCalls } from '@/features/auth/api/load-sign-in-calls';
import { api } from '@/lib/api-client';

export type VerifySmsCodeInput = {
  email: string;
  phone: string;
  code: string;
  keepLoggedIn: boolean;
};

export async function verifySmsCode(body: VerifySmsCodeInput): Promise<TokenResponse> {
  return api.call((await loadSignInCalls()).verifySms, { body });
}

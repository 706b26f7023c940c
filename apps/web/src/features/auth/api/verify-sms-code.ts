import { TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

export type VerifySmsCodeInput = {
  email: string;
  phone: string;
  code: string;
  keepLoggedIn: boolean;
};

export function verifySmsCode(body: VerifySmsCodeInput): Promise<TokenResponse> {
  return api.postJson('auth/sms/verify', body, { schema: TokenResponse });
}

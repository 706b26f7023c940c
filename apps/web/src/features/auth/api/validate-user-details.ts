import { loadSignInCalls } from '@/features/auth/api/load-sign-in-calls';
import { api } from '@/lib/api-client';

export type ValidateUserDetailsInput = { email: string; phone: string; captcha: string };

/** Checks the captcha before a code or link is asked for; the send call uses it up. */
export async function validateUserDetails({
  email,
  phone,
  captcha,
}: ValidateUserDetailsInput): Promise<void> {
  await api.call((await loadSignInCalls()).validateUserDetails, {
    body: { email, deviceNumber: phone, reCaptchaResponse: captcha },
  });
}

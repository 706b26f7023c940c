import { CAPTCHA_TEST_KEY_DEFAULT } from '@smt/shared';
import { useMutation } from '@tanstack/react-query';
import { getCaptcha } from '@/features/auth/api/get-captcha';
import { sendSignIn, type SignInChannel } from '@/features/auth/api/send-sign-in';
import { validateUserDetails } from '@/features/auth/api/validate-user-details';
import { setStoredLoginDetails } from '@/features/auth/utils/stored-login-details';

/** `solve`: an invisible ALTCHA proof of work; `test-key`: the key local and staging accept. */
export type CaptchaMode = 'solve' | 'test-key';

export type SignInRequest = {
  channel: SignInChannel;
  email: string;
  phone: string;
  keepLoggedIn: boolean;
  /** The picker's country (ISO code), to show it again next time. */
  country?: string;
};

export type SentSignIn = SignInRequest & { resendAfterSeconds: number };

async function send(request: SignInRequest, captchaMode: CaptchaMode): Promise<SentSignIn> {
  const { channel, email, phone } = request;
  let captcha = CAPTCHA_TEST_KEY_DEFAULT;
  if (captchaMode === 'solve') {
    // The solver loads beside the challenge, on the first send: the form shows without it.
    const [{ solveCaptcha }, challenge] = await Promise.all([
      import('@/features/auth/utils/captcha'),
      getCaptcha(),
    ]);
    captcha = await solveCaptcha(challenge);
    await validateUserDetails({ email, phone, captcha });
  }
  const { resendAfterSeconds } = await sendSignIn(channel, { email, phone, captcha });
  return { ...request, resendAfterSeconds };
}

/** Captcha, then the e-mail link or SMS code; remembers who asked, for the link to finish. */
export function useSendSignIn(captchaMode: CaptchaMode) {
  return useMutation({
    mutationFn: (request: SignInRequest) => send(request, captchaMode),
    onSuccess: ({ email, phone, keepLoggedIn, country }) =>
      setStoredLoginDetails({ email, phone, keepLoggedIn, country }),
  });
}

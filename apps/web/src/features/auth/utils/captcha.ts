import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@/features/auth/api/get-captcha';

export const CAPTCHA_UNSOLVED_MESSAGE = 'Captcha verification failed. Please try again.';

/** Solves an ALTCHA v1 challenge; the payload is what the server's `verifySolution` reads. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const { promise } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  const solution = await promise;
  if (!solution) throw new Error(CAPTCHA_UNSOLVED_MESSAGE);
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  );
}

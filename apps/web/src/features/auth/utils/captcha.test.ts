import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { CaptchaChallenge } from '@/features/auth/api/get-captcha';
import { solveCaptcha } from '@/features/auth/utils/captcha';

describe('solveCaptcha', () => {
  it('should give a payload the server verifies when the challenge is solvable', async () => {
    const challenge = CaptchaChallenge.parse(
      await createChallenge({ hmacKey: 'secret', maxNumber: 500 }),
    );

    const payload = await solveCaptcha(challenge);

    await expect(verifySolution(payload, 'secret')).resolves.toBe(true);
  });

  it('should fail when no number up to the maximum solves the challenge', async () => {
    const challenge = CaptchaChallenge.parse(
      await createChallenge({ hmacKey: 'secret', maxNumber: 500, number: 400 }),
    );

    await expect(solveCaptcha({ ...challenge, maxnumber: 10 })).rejects.toThrow(
      'Captcha verification failed. Please try again.',
    );
  });
});

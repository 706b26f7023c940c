import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { isDevEnvironment, type Env } from '@/config/env';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { fail } from './auth.errors';
import { isCaptchaUsed, markCaptchaUsed } from './captcha.repository';

const CHALLENGE_LIFETIME_MS = 10 * 60_000;
// About a tenth of a second of hashing in a phone's browser; enough to make bulk sends costly.
const MAX_NUMBER = 50_000;

export const CAPTCHA_FAILED = 'Captcha verification failed. Please try again.';

export type CaptchaService = {
  challenge: () => Promise<Challenge>;
  /** Refuses a payload that is wrong, expired or used; `consume` uses it up. */
  check: (payload: string, options: { consume: boolean }) => Promise<void>;
};

function signatureOf(payload: string): string | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof decoded === 'object' && decoded !== null && 'signature' in decoded) {
      return typeof decoded.signature === 'string' ? decoded.signature : null;
    }
    return null;
  } catch {
    return null;
  }
}

export function createCaptchaService(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  secret: string;
}): CaptchaService {
  const { env, db, clock } = deps;
  const hmacKey = `captcha:${deps.secret}`;
  const testKeyAllowed = isDevEnvironment(env);

  return {
    challenge: () =>
      createChallenge({
        hmacKey,
        maxNumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      }),

    async check(payload, { consume }) {
      if (testKeyAllowed && payload === env.CAPTCHA_TEST_KEY) return;
      const signature = signatureOf(payload);
      if (!signature) throw fail('auth.captcha-failed', CAPTCHA_FAILED);
      // ALTCHA checks expiry against the real time, whatever the test clock says.
      const valid = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!valid || (await isCaptchaUsed(db, signature))) {
        throw fail('auth.captcha-failed', CAPTCHA_FAILED);
      }
      if (!consume) return;
      const expires = Number(extractParams(payload).expires);
      const expiresAt = new Date(
        Number.isFinite(expires) ? expires * 1000 : Date.now() + CHALLENGE_LIFETIME_MS,
      );
      if (!(await markCaptchaUsed(db, signature, expiresAt, clock.now()))) {
        throw fail('auth.captcha-failed', CAPTCHA_FAILED);
      }
    },
  };
}

import * as z from 'zod/mini';

// What the sign-in calls of CONTRACT.md answer. Apart from the sign-in rules in sign-in.ts,
// which need the phone metadata: every page checks these answers, not only the login form.
// zod/mini, as the other schemas checked before the SPA's first screen.

export const SendSignInResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.int(),
});

export const TokenResponse = z.object({ accessToken: z.string(), expiresAt: z.iso.datetime() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** What a call that only did its work answers: the captcha checked, the session ended. */
export const SignInDone = z.object({ ok: z.literal(true) });

/** An ALTCHA v1 challenge, as the server makes it; the page checks what it can solve. */
export const CaptchaChallengeResponse = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.optional(z.number()),
  salt: z.string(),
  signature: z.string(),
});

// What the sign-in calls say about identifiers (docs/decisions/024). Each one speaks only of an
// identifier the caller has just proved, or says the same whether or not anyone has it.
export const signInMessages = {
  phoneTaken: 'This phone number is registered with another e-mail address.',
  emailTaken: 'This e-mail address is registered with another phone number.',
  registerBySmsFirst:
    'Please sign in with an SMS code first. An e-mail link signs you in only once your phone ' +
    'number is registered with this e-mail address.',
} as const;

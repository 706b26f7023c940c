import { uiTexts } from '@smt/shared';

// The login page's own words; the shared ones (tagline, errors) come from @smt/shared.
export const loginTexts = {
  emailLabel: 'Email',
  phoneCodeLabel: 'Phone code',
  phoneNumberLabel: 'Phone number',
  keepLoggedIn: uiTexts.keepLoggedIn,
  keepLoggedInWarning: uiTexts.keepLoggedInWarning,
  sendPrompt: 'Get a sign-in link or code by',
  sendByEmail: 'Email',
  sendBySms: 'SMS',
  checkEmailTitle: 'Check your email box',
  checkEmailText: (email: string) =>
    `We sent a sign-in link to ${email}. Open it in this browser to sign in.`,
  smsTitle: 'Enter the SMS code',
  smsText: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  smsCodeLabel: 'SMS code',
  confirm: 'Confirm',
  sendAgain: 'Send again',
  sendAgainIn: (seconds: number) => `Send again in ${seconds} s`,
  sentAgain: 'Sent again.',
  back: 'Back',
  signingIn: 'Signing In...',
  confirmEmailTitle: 'Confirm your details',
  confirmEmailText: 'Enter the email and phone you used to ask for this link.',
  signIn: 'Sign in',
  termsLead: 'By signing in you agree to the',
  terms: 'Terms of use',
  and: 'and',
  privacy: 'Privacy policy',
} as const;

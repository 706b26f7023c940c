import type { Country } from '@smt/shared';

// The sign-in form's values and errors, on their own: the form and the rules that check it
// (login-check.ts) both use them, and neither imports the other for them (issue 40).

export type LoginFormValues = {
  email: string;
  country: Country | null;
  phoneNum: string;
  keepLoggedIn: boolean;
};

export type LoginField = 'email' | 'phoneCode' | 'phoneNum';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

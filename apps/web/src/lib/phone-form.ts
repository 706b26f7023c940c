import { COUNTRIES } from '@smt/shared';

/** A phone as a dialog holds it: the country chosen (its ISO code) and the number typed. */
export type PhoneFormValues = { country: string; phoneNum: string };

export const countryOf = (code: string) =>
  COUNTRIES.find((country) => country.code === code) ?? null;

/** What the login's phone rules read (SPEC §5): the chosen country's dial code and the number. */
export const phoneFieldsOf = (values: PhoneFormValues) => ({
  phoneCode: countryOf(values.country)?.dialCode ?? '',
  phoneNum: values.phoneNum,
});

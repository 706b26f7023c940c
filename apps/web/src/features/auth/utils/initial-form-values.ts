import { COUNTRIES, DEFAULT_PHONE_CODE } from '@smt/shared';
import type { LoginFormValues } from '@/features/auth/components/login-form';
import type { StoredLoginDetails } from '@/features/auth/utils/stored-login-details';

const defaultCountry = COUNTRIES.find((country) => country.dialCode === DEFAULT_PHONE_CODE) ?? null;

/** The form starts from the details last sent from this browser, else empty at +972. */
export function initialFormValues(stored: StoredLoginDetails | null): LoginFormValues {
  const country = COUNTRIES.find((candidate) => candidate.code === stored?.country);
  if (!stored || !country || !stored.phone.startsWith(country.dialCode)) {
    return {
      email: stored?.email ?? '',
      country: defaultCountry,
      phoneNum: '',
      keepLoggedIn: stored?.keepLoggedIn ?? false,
    };
  }
  return {
    email: stored.email,
    country,
    phoneNum: stored.phone.slice(country.dialCode.length),
    keepLoggedIn: stored.keepLoggedIn,
  };
}

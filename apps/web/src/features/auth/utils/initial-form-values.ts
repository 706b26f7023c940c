import { COUNTRIES, DEFAULT_PHONE_CODE } from '@smt/shared';
import type { LoginFormValues } from '@/features/auth/utils/login-form-values';
import type { StoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import type { TypedBeforeStart } from '@/features/auth/utils/typed-before-start';

const defaultCountry = COUNTRIES.find((country) => country.dialCode === DEFAULT_PHONE_CODE) ?? null;

/**
 * The form starts from what was typed before the app started, then the details last sent from
 * this browser, else empty at +972.
 */
export function initialFormValues(
  stored: StoredLoginDetails | null,
  typed: TypedBeforeStart = {},
): LoginFormValues {
  const fromStorage = storedFormValues(stored);
  return {
    email: typed.email ?? fromStorage.email,
    country: COUNTRIES.find((country) => country.code === typed.country) ?? fromStorage.country,
    phoneNum: typed.phoneNum ?? fromStorage.phoneNum,
    keepLoggedIn: typed.keepLoggedIn ?? fromStorage.keepLoggedIn,
  };
}

function storedFormValues(stored: StoredLoginDetails | null): LoginFormValues {
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

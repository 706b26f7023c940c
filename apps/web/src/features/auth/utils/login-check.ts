import { LoginForm, toE164 } from '@smt/shared';
import type {
  LoginField,
  LoginFieldErrors,
  LoginFormValues,
} from '@/features/auth/utils/login-form-values';
import type { SignInRequest } from '@/features/auth/hooks/use-send-sign-in';

export type LoginCheck = { errors: LoginFieldErrors; valid: Omit<SignInRequest, 'channel'> | null };

/** The login form's values by the sign-in rules of SPEC §5, the ones the server applies too. */
export function checkLogin(values: LoginFormValues): LoginCheck {
  const result = LoginForm.safeParse({
    email: values.email,
    phoneCode: values.country?.dialCode ?? '',
    phoneNum: values.phoneNum,
    keepLoggedIn: values.keepLoggedIn,
  });
  if (result.success) {
    const { email, phoneCode, phoneNum, keepLoggedIn } = result.data;
    const phone = toE164(phoneCode, phoneNum);
    return { errors: {}, valid: { email, phone, keepLoggedIn, country: values.country?.code } };
  }
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors, valid: null };
}

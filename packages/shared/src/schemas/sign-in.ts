import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { DEFAULT_PHONE_CODE } from '../constants';
import { errorMessages, validationMessages } from '../messages';

// The sign-in form of SPEC §5 and the bodies of the sign-in calls of CONTRACT.md: the SPA
// validates with these and the server checks the same rules with the same messages.

/** '+' followed by the digits of the dialling code and the number (SPEC §5). */
export function toE164(phoneCode: string, phoneNumber: string): string {
  return `+${`${phoneCode}${phoneNumber}`.replace(/\D/g, '')}`;
}

/** The E.164 form of a valid phone number, or null when it is not one. */
export function normalisePhone(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim());
  return parsed?.isValid() ? parsed.number : null;
}

export const EmailField = z
  .string()
  .trim()
  .min(1, validationMessages.emailRequired)
  .max(254, validationMessages.emailInvalid)
  .pipe(z.email(validationMessages.emailInvalid))
  .transform((email) => email.toLowerCase());

/** A phone number in E.164 as the calls carry it; answers the number in canonical form. */
export const PhoneField = z
  .string()
  .trim()
  .min(1, validationMessages.phoneNumberRequired)
  .max(32, validationMessages.phoneInvalid)
  .transform((phone, ctx) => {
    const normalised = normalisePhone(phone);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: validationMessages.phoneInvalid });
      return z.NEVER;
    }
    return normalised;
  });

/** true/false from JSON, or the text a form sends ('true', 'on', '1', ...). */
export const FlagField = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** A phone code and number as the login form takes them (SPEC §5), for every phone field. */
export const PhoneFormFields = {
  phoneCode: z.string().trim().min(1, validationMessages.phoneCodeRequired),
  phoneNum: z.string().trim().min(1, validationMessages.phoneNumberRequired),
};

/** The number must parse and be valid for its code; the message goes on the number. */
export function checkPhoneFields(
  form: { phoneCode: string; phoneNum: string },
  ctx: z.RefinementCtx,
) {
  const e164 = toE164(form.phoneCode, form.phoneNum);
  if (!/^\+\d{2,}$/.test(e164)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNum'], message: errorMessages.phoneUnparsable });
  } else if (!isValidPhoneNumber(e164)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNum'], message: validationMessages.phoneInvalid });
  }
}

export const LoginForm = z
  .object({
    email: EmailField,
    ...PhoneFormFields,
    keepLoggedIn: z.boolean(),
  })
  .superRefine(checkPhoneFields);
export type LoginForm = z.input<typeof LoginForm>;

export const LOGIN_FORM_DEFAULTS: LoginForm = {
  email: '',
  phoneCode: DEFAULT_PHONE_CODE,
  phoneNum: '',
  keepLoggedIn: false,
};

const captcha = z.string().min(1, 'Required').max(10_000);

export const ValidateUserDetailsBody = z.object({
  email: EmailField,
  deviceNumber: PhoneField,
  reCaptchaResponse: captcha,
});

export const SendSignInBody = z.object({ email: EmailField, phone: PhoneField, captcha });

export const VerifyCodeBody = z.object({
  email: EmailField,
  phone: PhoneField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, errorMessages.smsCodeInvalid),
  keepLoggedIn: FlagField,
});

export const VerifyLinkBody = z.object({
  email: EmailField,
  oobCode: z.string().trim().min(1, errorMessages.loginLinkExpired).max(200),
  keepLoggedIn: FlagField,
});

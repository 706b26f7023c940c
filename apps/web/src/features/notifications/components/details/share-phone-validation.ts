import { errorMessages, normalisePhone, toE164, validationMessages } from '@smt/shared';

export type PhoneCheck = { phone: string; error: null } | { phone: null; error: string };

/** The login's phone rules (SPEC §5): required, parsable, valid for the chosen code. */
export function checkSharePhone(phoneCode: string, phoneNumber: string): PhoneCheck {
  if (phoneCode.trim() === '') return { phone: null, error: validationMessages.phoneCodeRequired };
  if (phoneNumber.trim() === '')
    return { phone: null, error: validationMessages.phoneNumberRequired };
  const e164 = toE164(phoneCode, phoneNumber.trim());
  if (!/^\+\d{2,}$/.test(e164)) return { phone: null, error: errorMessages.phoneUnparsable };
  const phone = normalisePhone(e164);
  return phone ? { phone, error: null } : { phone: null, error: validationMessages.phoneInvalid };
}

import { z } from 'zod';
import { checkPhoneFields, normalisePhone, PhoneFormFields, toE164 } from './sign-in';

/** The traveller's phone a notification is shared with by WhatsApp: the login's phone rules
 * (SPEC §5), answered in E.164. */
export const SharePhoneForm = z
  .object(PhoneFormFields)
  .superRefine(checkPhoneFields)
  .transform((form) => normalisePhone(toE164(form.phoneCode, form.phoneNum)) ?? '');
export type SharePhoneForm = z.input<typeof SharePhoneForm>;

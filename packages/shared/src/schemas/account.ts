import { z } from 'zod';
import { DEFAULT_PHONE_CODE } from '../constants';
import { validationMessages } from '../messages';
import { checkPhoneFields, EmailField, PhoneField, PhoneFormFields, toE164 } from './sign-in';
import { TokenResponse } from './sign-in-answers';

// The profile page, unregister and impersonation (SPEC §2.10, §4, §5 Profile, §7.2): the calls'
// bodies and answers, and the forms that send them (their contracts: calls/account-calls.ts,
// calls/impersonation-calls.ts).

export const accountMessages = {
  nameTooLong: 'Name should be at most 100 characters',
  unregisterWhileImpersonating: 'Unregister is not possible while impersonating.',
  lastSuperUser:
    'You are the last super user, so you cannot unregister. Make another super user first.',
  notImpersonating: 'You are not impersonating anyone.',
  alreadyImpersonating: 'Stop impersonating before switching to another user.',
  switchToYourself: 'You are already signed in as this user.',
  // One answer for a phone no one has and a phone of someone outside the caller's reach, so
  // that switching user cannot tell who is registered (docs/decisions/025).
  noUserToSwitchTo: 'No user you may switch to has this phone number.',
  userDisabled: 'This user is disabled, so you cannot switch to them.',
} as const;

const ProfileName = z
  .string()
  .trim()
  .min(1, validationMessages.nameRequired)
  .max(100, accountMessages.nameTooLong);

/** What the profile page shows: the effective user and this session's keep-logged-in choice. */
export const AccountProfile = z.object({
  name: z.string(),
  email: z.string(),
  deviceNumber: z.string(),
  keepLoggedIn: z.boolean(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

/** A flag a form may leave out: then it stays as it is. */
const OptionalFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === true || ['true', 'on', '1'].includes(String(value)),
  );

export const ProfileUpdateBody = z.object({ name: ProfileName, keepLoggedIn: OptionalFlag });
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

/** The saved profile, with the session's tokens again: keep-logged-in changes the cookie. */
export const ProfileSaved = z.object({ ...TokenResponse.shape, profile: AccountProfile });
export type ProfileSaved = z.infer<typeof ProfileSaved>;

/** The profile form of SPEC §5: e-mail and device number are shown, not edited. */
export const ProfileForm = z.object({
  name: ProfileName,
  email: EmailField,
  deviceNumber: z.string().trim().min(1, validationMessages.deviceNumberRequired),
  keepLoggedIn: z.boolean(),
});
export type ProfileForm = z.input<typeof ProfileForm>;

export const Unregistered = z.object({ ok: z.literal(true) });

/** `username` is the phone of the user to act as, in E.164 (SPEC §7.2). */
export const SwitchUserBody = z.object({ username: PhoneField });
export type SwitchUserBody = z.input<typeof SwitchUserBody>;

/** The admin's phone field: the login's phone rules (SPEC §5). */
export const SwitchUserForm = z
  .object(PhoneFormFields)
  .superRefine(checkPhoneFields)
  .transform((form) => ({ username: toE164(form.phoneCode, form.phoneNum) }));
export type SwitchUserForm = z.input<typeof SwitchUserForm>;

export const SWITCH_USER_FORM_DEFAULTS: SwitchUserForm = {
  phoneCode: DEFAULT_PHONE_CODE,
  phoneNum: '',
};

import { ROUTES } from '../routes';
import { AccountProfile, ProfileSaved, ProfileUpdateBody, Unregistered } from '../schemas/account';
import { defineCall } from './define-call';
import { impersonationCalls } from './impersonation-calls';

// The profile page's calls (SPEC §7.2: xapi/user/profile, xapi/unregister/v1), for whoever may
// open the profile page.

const PROFILE_PATH = 'xapi/user/profile';

export const accountCalls = {
  profile: defineCall({
    method: 'GET',
    path: PROFILE_PATH,
    access: ROUTES.account,
    answer: AccountProfile,
  }),
  /** Answers the profile with a fresh access token: keep-logged-in starts the session anew. */
  updateProfile: defineCall({
    method: 'POST',
    path: PROFILE_PATH,
    access: ROUTES.account,
    body: ProfileUpdateBody,
    answer: ProfileSaved,
  }),
  unregister: defineCall({
    method: 'DELETE',
    path: 'xapi/unregister/v1',
    access: ROUTES.account,
    answer: Unregistered,
    refusals: ['account.unregister-while-impersonating', 'account.last-super-user'],
  }),
};

/** The account's and impersonation's paths under /api, for a caller that names them (a test). */
export const ACCOUNT_CALLS = {
  profile: accountCalls.profile.path,
  unregister: accountCalls.unregister.path,
  switchUser: impersonationCalls.switchUser.path,
  switchUserExit: impersonationCalls.switchUserExit.path,
};

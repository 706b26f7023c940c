import { SignInDone, TokenResponse } from '../schemas/sign-in-answers';
import { UserDetails } from '../schemas/user';
import { defineCall } from './define-call';

// Made by every page before its first screen, zod/mini only (the route budget of /login):
// importing one of these must not bring the full zod build or the phone metadata along.

/**
 * The session's calls, made by every page at once: the token renewed from the session cookie,
 * sign-out, and the signed-in user's details. The sign-in calls are `authCalls`.
 */
export const sessionCalls = {
  refresh: defineCall({
    method: 'POST',
    path: 'auth/refresh',
    access: 'public',
    encoding: 'json',
    answer: TokenResponse,
    refusals: ['auth.session-expired'],
  }),
  logout: defineCall({ method: 'GET', path: 'logout', access: 'public', answer: SignInDone }),
  userDetails: defineCall({
    method: 'GET',
    path: 'getUserDetails',
    access: 'signedIn',
    answer: UserDetails,
  }),
};

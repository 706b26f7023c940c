import { ROUTES } from '../routes';
import { SwitchUserBody } from '../schemas/account';
import { TokenResponse } from '../schemas/sign-in-answers';
import { defineCall } from './define-call';
import { switchUserExitCall } from './impersonation-exit-call';

// Switch user and its exit (SPEC §7.2: admin/management/impersonate/*): each answers the tokens
// of a new session.

export const impersonationCalls = {
  // Whoever may manage users may act as them: super users as anyone, managers as their
  // agency's people.
  switchUser: defineCall({
    method: 'POST',
    path: 'admin/management/impersonate/switch_user',
    access: ROUTES.users,
    body: SwitchUserBody,
    answer: TokenResponse,
    refusals: [
      'impersonation.already-impersonating',
      'impersonation.no-such-target',
      'impersonation.switch-to-yourself',
      'impersonation.target-disabled',
    ],
  }),
  switchUserExit: switchUserExitCall,
};

import { TokenResponse } from '../schemas/sign-in-answers';
import { defineCall } from './define-call';

// The exit of switch user (SPEC §7.2), which every signed-in page may offer: a file of its own,
// so the pages' first script does not carry the switch's phone rules (impersonation-calls.ts).

// The effective user may be anyone, so any signed-in session may ask; only an impersonating one
// is answered.
export const switchUserExitCall = defineCall({
  method: 'POST',
  path: 'admin/management/impersonate/switch_user_exit',
  access: 'signedIn',
  answer: TokenResponse,
  refusals: ['impersonation.not-impersonating'],
});

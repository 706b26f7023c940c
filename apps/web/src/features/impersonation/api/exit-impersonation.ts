import { switchUserExitCall, type TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

/** Stops acting as someone else; answers the tokens of a new session as oneself. */
export function exitImpersonation(): Promise<TokenResponse> {
  return api.call(switchUserExitCall, {});
}

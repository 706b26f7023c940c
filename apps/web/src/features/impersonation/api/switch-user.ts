import { impersonationCalls, type TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

/** Starts acting as the user with this phone (E.164); answers the new session's tokens. */
export function switchUser(username: string): Promise<TokenResponse> {
  return api.call(impersonationCalls.switchUser, { body: { username } });
}

import { sessionCalls } from '@smt/shared';
import { api } from '@/lib/api-client';

/** Ends the session on the server and clears its cookie. */
export async function logout(): Promise<void> {
  await api.call(sessionCalls.logout, {});
}

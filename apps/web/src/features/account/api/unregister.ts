import { ACCOUNT_CALLS, Unregistered } from '@smt/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Deletes the signed-in user; the server ends the session. */
export async function unregister(): Promise<void> {
  await api.delete(ACCOUNT_CALLS.unregister, { schema: Unregistered });
}

export function useUnregister() {
  return useMutation({ mutationFn: unregister });
}

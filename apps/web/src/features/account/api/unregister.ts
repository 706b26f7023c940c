import { accountCalls } from '@smt/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Deletes the signed-in user; the server ends the session. */
export async function unregister(): Promise<void> {
  await api.call(accountCalls.unregister, {});
}

export function useUnregister() {
  return useMutation({ mutationFn: unregister });
}

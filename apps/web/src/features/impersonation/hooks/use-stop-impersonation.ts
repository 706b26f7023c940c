import { errorMessages } from '@smt/shared';
import { useCallback } from 'react';
import { useSnack } from '@/components/ui/snack';
import { exitImpersonation } from '@/features/impersonation/api/exit-impersonation';
import { reloadAsNewSession } from '@/features/impersonation/utils/reload-as-new-session';

/** 'Stop Impersonation': the exit call, then a reload as oneself (SPEC §4). */
export function useStopImpersonation(): () => Promise<void> {
  const snack = useSnack();
  return useCallback(async () => {
    try {
      reloadAsNewSession(await exitImpersonation());
    } catch {
      snack.error(errorMessages.operationFailed);
    }
  }, [snack]);
}

import { useEffect } from 'react';
import { confirmPushOfThisDevice } from '@/features/push/utils/this-device';

/** Once per signed-in page load: the server learns this browser is the signed-in user's. */
export function useConfirmPushOfThisDevice() {
  useEffect(() => {
    // A failure here only means no push until the next load; nothing to tell the user.
    confirmPushOfThisDevice().catch(() => undefined);
  }, []);
}

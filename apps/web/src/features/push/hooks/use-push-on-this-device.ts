import { errorMessages } from '@smt/shared';
import { useEffect, useState } from 'react';
import { useSnack } from '@/components/ui/snack';
import {
  pushStateOfThisDevice,
  turnPushOff,
  turnPushOn,
  type PushState,
} from '@/features/push/utils/this-device';

/** The push switch's state: read from the browser when shown, changed by the user. */
export function usePushOnThisDevice() {
  const snack = useSnack();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);

  // The browser is an outside system: its subscription is read once the switch shows.
  useEffect(() => {
    let live = true;
    pushStateOfThisDevice()
      .then((read) => live && setState(read))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch {
      snack.error(errorMessages.operationFailed);
      setState(await pushStateOfThisDevice().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  return { state, busy, change };
}

import {
  errorMessages,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_EXPIRED_SNACK_DURATION_MS,
} from '@smt/shared';
import { useEffect } from 'react';
import { requestSnack } from '@/components/ui/snack-queue';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { isSessionIdle } from '@/features/auth/utils/inactivity';
import { getLastActiveAt, markActive } from '@/features/auth/utils/last-active';

type InactivityOptions = { keepLoggedIn: boolean; sessionDurationMinutes: number };

/** Ends a session left idle past its limit (SPEC §9), unless the user chose to stay logged in. */
export function useInactivitySignOut({ keepLoggedIn, sessionDurationMinutes }: InactivityOptions) {
  const { signOut } = useSessionActions();

  // Loading the app counts as activity, once; a later re-render (a renewed token, say) does not.
  useEffect(() => {
    markActive(Date.now());
  }, []);

  useEffect(() => {
    const onActivity = () => markActive(Date.now());
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, onActivity, { capture: true });

    const timer = window.setInterval(() => {
      const idle = isSessionIdle({
        keepLoggedIn,
        lastActiveAt: getLastActiveAt(),
        now: Date.now(),
        sessionDurationMinutes,
      });
      if (!idle) return;
      window.clearInterval(timer);
      requestSnack(errorMessages.sessionExpired, {
        variant: 'error',
        autoHideDuration: SESSION_EXPIRED_SNACK_DURATION_MS,
      });
      void signOut();
    }, SESSION_CHECK_INTERVAL_MS);

    return () => {
      window.clearInterval(timer);
      for (const event of events) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [keepLoggedIn, sessionDurationMinutes, signOut]);
}

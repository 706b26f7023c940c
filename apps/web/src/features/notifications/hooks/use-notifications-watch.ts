import type { NotificationFilter } from '@smt/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useUnreadCounters } from '@/features/notifications/api/get-unread-counters';
import { notificationKeys } from '@/features/notifications/api/notification-keys';

// The newest id a push had every notification query fetched for, per page.
const pushedUpTo = new WeakMap<QueryClient, number>();

function refetchAllBut(queryClient: QueryClient, skip: 'counters' | null) {
  return queryClient.invalidateQueries({
    queryKey: notificationKeys.all,
    predicate: ({ queryKey }) => skip === null || queryKey[1] !== notificationKeys.counters()[1],
  });
}

type PushedRefetch = { running: boolean; again: boolean };
const pushedRefetches = new WeakMap<QueryClient, PushedRefetch>();

/**
 * Every notification query fetched again after a push, one round at a time. Pushes come every
 * 250 ms at most while the engine is busy; a round may take longer on a slow phone or a busy
 * server, and starting one per push would cancel the one under way each time, so the lists
 * would never arrive. A round cancels only what was fetching before it (which may have missed
 * the push); pushes heard during a round make exactly one more round after it.
 */
async function refetchAfterPush(queryClient: QueryClient) {
  let state = pushedRefetches.get(queryClient);
  if (!state) {
    state = { running: false, again: false };
    pushedRefetches.set(queryClient, state);
  }
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  try {
    do {
      state.again = false;
      await refetchAllBut(queryClient, null);
    } while (state.again);
  } finally {
    state.running = false;
  }
}

/**
 * The header's counters, polled unless `polling` is false (the live stream is up); when the
 * newest notification changes, every notification query on the page (lists, home) is fetched
 * again, so what the engine raised shows without a reload. Answers the counters.
 */
export function useNotificationsWatch(filter: NotificationFilter, polling = true) {
  const queryClient = useQueryClient();
  const counters = useUnreadCounters(filter, polling);
  const latestId = counters.data?.latestId;
  const seen = useRef<number | null | undefined>(undefined);

  // The poll's answer is an outside change; it has no event of its own to handle.
  useEffect(() => {
    if (latestId === undefined) return;
    const before = seen.current;
    seen.current = latestId;
    if (before === undefined || before === latestId) return;
    // Something newer came, and a push of it (or of a newer one) has had the lists fetched.
    const pushed = pushedUpTo.get(queryClient);
    const isNewer = latestId !== null && (before === null || latestId > before);
    if (isNewer && pushed !== undefined && latestId <= pushed) return;
    void refetchAllBut(queryClient, 'counters');
  }, [latestId, queryClient]);

  return counters;
}

export type NotificationsPushed = {
  /** Notifications up to `latestId` were raised or changed: everything is fetched again. */
  raised: (latestId: number) => void;
  /** A push channel (re)opened: the counters are fetched, and the lists if `latestId` moved. */
  caughtUp: () => void;
};

/** What the page does when it is told of notifications instead of polling for them. */
export function useNotificationsPushed(): NotificationsPushed {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      raised(latestId) {
        pushedUpTo.set(queryClient, Math.max(pushedUpTo.get(queryClient) ?? latestId, latestId));
        void refetchAfterPush(queryClient);
      },
      caughtUp() {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.counters() });
      },
    }),
    [queryClient],
  );
}

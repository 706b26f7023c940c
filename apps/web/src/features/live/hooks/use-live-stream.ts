import { useEffect, useEffectEvent, useState } from 'react';
import { readLiveStream } from '@/features/live/api/read-live-stream';
import {
  startLiveConnection,
  type LiveStatus,
  type SessionRenewal,
} from '@/features/live/utils/live-connection';
import {
  startSharedLiveConnection,
  type LiveChannel,
  type LiveLocks,
} from '@/features/live/utils/live-sharing';

type LiveStreamOptions = {
  /** Whose stream it is: another user (or an impersonation) opens a new one. */
  identity: string;
  /** The stream said ready: what it missed while it was down should be fetched once. */
  onReady: () => void;
  /** Notifications up to this id were raised or changed. */
  onNotifications: (latestId: number) => void;
  /** A new access token after the stream's 401. */
  renewSession: () => Promise<SessionRenewal>;
};

const isHidden = () => document.visibilityState === 'hidden';

// Both are missing from old browsers, and Web Locks from pages not served securely (plain
// HTTP to a host other than localhost): each tab then keeps its own stream.
const webLocks = (): LiveLocks | undefined =>
  'locks' in navigator && navigator.locks ? navigator.locks : undefined;
const channelOpener = (): ((name: string) => LiveChannel) | undefined =>
  typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined;

/**
 * Keeps the live stream open while mounted (one per signed-in page) and answers its status; the
 * page polls whenever it is not `live`. The tabs of one user share one stream: the one holding
 * the lock `smt-live-<identity>` keeps it and relays it to the others (live-sharing). Closed on
 * unmount, that is on sign-out, which lets another tab take the lock.
 */
export function useLiveStream({
  identity,
  onReady,
  onNotifications,
  renewSession,
}: LiveStreamOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const statusChanged = useEffectEvent((next: LiveStatus) => {
    setStatus(next);
    // Browser tests and support read from here whether the page hears changes live.
    document.documentElement.dataset.live = next;
    if (next === 'live') onReady();
  });
  const heard = useEffectEvent((latestId: number) => onNotifications(latestId));
  const renew = useEffectEvent(() => renewSession());

  useEffect(() => {
    const connection = startSharedLiveConnection({
      name: `smt-live-${identity}`,
      locks: webLocks(),
      openChannel: channelOpener(),
      connect: (own) => startLiveConnection({ open: readLiveStream, renewSession: renew, ...own }),
      onStatus: statusChanged,
      onNotifications: heard,
      isHidden,
    });
    const onVisibility = () => connection.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      connection.stop();
      delete document.documentElement.dataset.live;
    };
  }, [identity]);

  return status;
}

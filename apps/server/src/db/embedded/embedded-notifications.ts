/**
 * NOTIFY as heard on the embedded database. Its one backend hands every notification to the
 * process that hosts it (pglite-wire-server.ts), which tells its own listeners and the API
 * process; a LISTEN over the socket would hear nothing. `db/listen.ts` asks here first.
 */
export type NotificationSource = {
  listen: (channel: string, onPayload: (payload: string) => void) => () => void;
};

type Listener = { channel: string; onPayload: (payload: string) => void };

const listeners = new Set<Listener>();
let active = false;

export const embeddedNotifications: NotificationSource & {
  emit: (channel: string, payload: string) => void;
} = {
  listen(channel, onPayload) {
    const listener = { channel, onPayload };
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(channel, payload) {
    for (const listener of listeners) {
      if (listener.channel === channel) listener.onPayload(payload);
    }
  },
};

/** This process reaches the embedded database over its socket (host or API alike). */
export function useEmbeddedNotifications() {
  active = true;
}

export function embeddedNotificationSource(): NotificationSource | null {
  return active ? embeddedNotifications : null;
}

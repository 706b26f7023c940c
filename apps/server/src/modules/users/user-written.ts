/**
 * Who hears, in this process, that a user's row or sessions were written: the session cache
 * forgets what it read of them at once (decision 046). Other processes hear it by NOTIFY.
 */
type Listener = (userId: number) => void;

const listeners = new Set<Listener>();

export function userWritten(userId: number): void {
  for (const listener of listeners) listener(userId);
}

export function onUserWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

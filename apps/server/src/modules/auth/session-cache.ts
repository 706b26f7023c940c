import type { SessionRow, UserRow } from './session.repository';

export type CachedSession = { session: SessionRow; user: UserRow; effective: UserRow };

/**
 * The session and its users as last read, kept briefly so that a burst of calls reads them
 * once (decision 046). Only a session that looked live is kept; whatever ends it is decided on
 * a fresh read. An end on this process forgets it at once; one on another process is heard by
 * NOTIFY, and at worst the entry ages out after `ttlMs`.
 */
export function createSessionCache(options: { ttlMs: number; now?: () => number; max?: number }) {
  const { ttlMs, now = () => performance.now(), max = 10_000 } = options;
  const entries = new Map<string, { value: CachedSession; readAt: number }>();

  return {
    get(sessionId: string): CachedSession | null {
      const entry = entries.get(sessionId);
      if (!entry) return null;
      if (now() - entry.readAt >= ttlMs) {
        entries.delete(sessionId);
        return null;
      }
      return entry.value;
    },

    set(sessionId: string, value: CachedSession) {
      if (ttlMs <= 0) return;
      // A map keeps insertion order: the oldest read goes first when the cache is full.
      if (entries.size >= max && !entries.has(sessionId)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(sessionId);
      entries.set(sessionId, { value, readAt: now() });
    },

    /** The session's last activity as written, so that the next call does not write it again. */
    touched(sessionId: string, at: Date) {
      const entry = entries.get(sessionId);
      if (entry)
        entry.value = { ...entry.value, session: { ...entry.value.session, lastActiveAt: at } };
    },

    forget(sessionId: string) {
      entries.delete(sessionId);
    },

    /** Every session of a user who changed (disabled, new roles), as themselves or impersonated. */
    forgetUser(userId: number) {
      for (const [id, entry] of entries) {
        if (entry.value.user.id === userId || entry.value.effective.id === userId) {
          entries.delete(id);
        }
      }
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

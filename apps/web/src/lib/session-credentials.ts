import * as z from 'zod/mini';
import { SESSION_CREDENTIALS_KEY as STORAGE_KEY } from '@/lib/storage-keys';

export const SessionCredentials = z.object({
  accessToken: z.string().check(z.minLength(1)),
  /** ISO time the access token stops working. */
  expiresAt: z.string().check(z.minLength(1)),
  // Empty when a session was resumed without knowing the phone; the auth flow reports it.
  phone: z.string(),
  email: z.string(),
  keepLoggedIn: z.boolean(),
});
export type SessionCredentials = z.infer<typeof SessionCredentials>;

// Without 'keep me logged in' the credentials die with the browser session, as the refresh
// cookie does; with it they outlive a restart.
function storageFor(keepLoggedIn: boolean): Storage {
  return keepLoggedIn ? localStorage : sessionStorage;
}

// Every call and many renders read the credentials: what was stored is parsed again only when
// it changed, not each time (a phone spent a tenth of a second of the first screen on it).
let lastRead: { raw: string; credentials: SessionCredentials | null } | null = null;

function parse(raw: string): SessionCredentials | null {
  try {
    const parsed = SessionCredentials.safeParse(JSON.parse(raw));
    return parsed.success ? Object.freeze(parsed.data) : null;
  } catch {
    return null;
  }
}

function read(storage: Storage): SessionCredentials | null {
  const raw = storage.getItem(STORAGE_KEY);
  if (raw === null) return null;
  if (lastRead?.raw !== raw) lastRead = { raw, credentials: parse(raw) };
  return lastRead.credentials;
}

/** The signed-in user's credentials, or `null` when there are none or they are unreadable. */
export function getSessionCredentials(): SessionCredentials | null {
  return read(sessionStorage) ?? read(localStorage);
}

export function setSessionCredentials(credentials: SessionCredentials): void {
  const valid = SessionCredentials.parse(credentials);
  storageFor(!valid.keepLoggedIn).removeItem(STORAGE_KEY);
  storageFor(valid.keepLoggedIn).setItem(STORAGE_KEY, JSON.stringify(valid));
}

export function clearSessionCredentials(): void {
  localStorage.removeItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
}

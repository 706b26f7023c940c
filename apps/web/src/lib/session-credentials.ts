import { z } from 'zod';

const STORAGE_KEY = 'smt.session-credentials';

export const SessionCredentials = z.object({
  accessToken: z.string().min(1),
  phone: z.string().min(1),
  email: z.string(),
});
export type SessionCredentials = z.infer<typeof SessionCredentials>;

/** The signed-in user's credentials, or `null` when there are none or they are unreadable. */
export function getSessionCredentials(): SessionCredentials | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = SessionCredentials.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setSessionCredentials(credentials: SessionCredentials): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(SessionCredentials.parse(credentials)));
}

export function clearSessionCredentials(): void {
  localStorage.removeItem(STORAGE_KEY);
}

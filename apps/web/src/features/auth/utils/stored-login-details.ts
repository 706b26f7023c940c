import * as z from 'zod/mini';
import { LOGIN_DETAILS_KEY as STORAGE_KEY } from '@/lib/storage-keys';

// Kept after a code or link is sent: the e-mail link completes with this e-mail, the form
// starts from it next time, and a resumed session learns whose it is.
const StoredLoginDetails = z.object({
  email: z.string(),
  phone: z.string(),
  /** The phone-code picker's country, since several share a dialling code. */
  country: z.optional(z.string()),
  keepLoggedIn: z.boolean(),
});
export type StoredLoginDetails = z.infer<typeof StoredLoginDetails>;

export function getStoredLoginDetails(): StoredLoginDetails | null {
  try {
    const parsed = StoredLoginDetails.safeParse(
      JSON.parse(localStorage.getItem(STORAGE_KEY) ?? ''),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setStoredLoginDetails(details: StoredLoginDetails): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(details));
}

import { useCallback, useState } from 'react';
import type { checkLogin } from '@/features/auth/utils/login-check';

type CheckLogin = typeof checkLogin;

// The sign-in rules check phone numbers with libphonenumber's metadata, the largest part of
// the login page: they load once the user reaches for the form, not with the page.
const loadLoginCheck = async (): Promise<CheckLogin> =>
  (await import('@/features/auth/utils/login-check')).checkLogin;

/** The login form's check: null until loaded; `load` loads it (once) and answers it. */
export function useLoginCheck(): { check: CheckLogin | null; load: () => Promise<CheckLogin> } {
  const [check, setCheck] = useState<CheckLogin | null>(null);
  const load = useCallback(async () => {
    const loaded = await loadLoginCheck();
    setCheck(() => loaded);
    return loaded;
  }, []);
  return { check, load };
}

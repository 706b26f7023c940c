const RELOADED_FOR_KEY = 'smt.version-check.reloaded-for';

export function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

/** Remembers the version a reload is made for; `false` if it cannot be remembered. */
export function rememberReloadFor(version: string): boolean {
  try {
    sessionStorage.setItem(RELOADED_FOR_KEY, version);
    return sessionStorage.getItem(RELOADED_FOR_KEY) === version;
  } catch {
    return false;
  }
}

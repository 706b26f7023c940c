const PROBE_KEY = 'smt.storage-probe';

/**
 * Whether local storage really works. Some browsers expose it but throw on access (blocked
 * cookies) or on write (private modes with no quota), so only a full round trip tells.
 */
export function isLocalStorageAvailable(): boolean {
  try {
    const storage = window.localStorage;
    storage.setItem(PROBE_KEY, PROBE_KEY);
    const works = storage.getItem(PROBE_KEY) === PROBE_KEY;
    storage.removeItem(PROBE_KEY);
    return works;
  } catch {
    return false;
  }
}

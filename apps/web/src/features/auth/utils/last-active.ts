// In local storage so that activity in one tab keeps the session of every tab alive.
const STORAGE_KEY = 'smt.last-active-at';

export function markActive(now: number): void {
  localStorage.setItem(STORAGE_KEY, String(now));
}

export function getLastActiveAt(): number | null {
  const value = Number(localStorage.getItem(STORAGE_KEY) ?? Number.NaN);
  return Number.isFinite(value) ? value : null;
}

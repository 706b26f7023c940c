// Flight times are local to their airport, 'yyyy-MM-dd HH:mm', as GDSs give them; instants
// are epoch milliseconds. An airport's clock is its zone's (gds/airport-time.ts); these helpers
// work at a fixed offset, for day arithmetic.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Year, month, day, hour and minute of a local time text; null when it is not one. */
function fieldsOf(local: string): number[] | null {
  const match = LOCAL_TIME.exec(local);
  return match ? match.slice(1).map(Number) : null;
}

export function isLocalTime(text: string): boolean {
  const [, month = 0, day = 0, hour = 99, minute = 99] = fieldsOf(text) ?? [];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59;
}

/** The local wall-clock text of an instant at a UTC offset. */
export function formatLocal(instant: number, offsetMinutes: number): string {
  const d = new Date(instant + offsetMinutes * MINUTE);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
}

/** The instant of a local wall-clock text at a UTC offset. */
export function parseLocal(local: string, offsetMinutes: number): number {
  const fields = fieldsOf(local);
  if (!fields) throw new Error(`not a local time: ${local}`);
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = fields;
  return Date.UTC(year, month - 1, day, hour, minute) - offsetMinutes * MINUTE;
}

/** 'yyyy-MM-dd' of a local time text. */
export const dateOf = (local: string) => local.slice(0, 10);

/** The day `days` after a 'yyyy-MM-dd' day. */
export const addDays = (date: string, days: number) =>
  formatLocal(parseLocal(`${date} 00:00`, 0) + days * DAY, 0).slice(0, 10);

export const iso = (instant: number) => new Date(instant).toISOString();

// Whole UTC days, as the API's dates and the reports' ranges count them ('yyyy-MM-dd'). One
// place for the arithmetic, so a range's end is computed the same way everywhere.

/** A UTC day in milliseconds: UTC has no daylight saving, so every day is this long. */
export const DAY_MS = 86_400_000;

/** The UTC day an instant falls on, 'yyyy-MM-dd'. */
export const utcDayOf = (instant: Date | number): string =>
  new Date(instant).toISOString().slice(0, 10);

/** The UTC minute an instant falls in, 'yyyy-MM-dd HH:mm': how exports and lists write one. */
export const utcMinuteOf = (instant: Date | number): string =>
  new Date(instant).toISOString().slice(0, 16).replace('T', ' ');

/** The first instant of a UTC day. */
export const startOfUtcDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The UTC day `days` after `day` (before it when negative). */
export const addUtcDays = (day: string, days: number): string =>
  utcDayOf(startOfUtcDay(day).getTime() + days * DAY_MS);

import { z } from 'zod';
import { EARLIEST_DAY, LATEST_DAY } from '../constants';
import { validationMessages as messages } from '../messages';
import { startOfUtcDay, utcDayOf } from '../rules/utc-day';

// The one day every call takes (notification dates, PNR ranges, dashboard ranges): a real
// calendar day inside the product's window, so no day the database cannot hold reaches it.

const DAY_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a 'yyyy-MM-dd' names a day of the calendar: not 2026-02-30, not 2026-13-01. */
export function isRealDay(day: string): boolean {
  const parsed = startOfUtcDay(day);
  return !Number.isNaN(parsed.getTime()) && utcDayOf(parsed) === day;
}

/** Whether a real day lies within EARLIEST_DAY…LATEST_DAY ('yyyy-MM-dd' sorts as text). */
export const isDayInWindow = (day: string) => day >= EARLIEST_DAY && day <= LATEST_DAY;

/** 'yyyy-MM-dd', a real day from EARLIEST_DAY to LATEST_DAY; each fault has its own message. */
export const Day = z
  .string(messages.dateFormat)
  // Abort: a malformed or unreal day gets that message, not the window's as well.
  .regex(DAY_FORM, { message: messages.dateFormat, abort: true })
  .refine(isRealDay, { message: messages.dateNotReal, abort: true })
  .refine(isDayInWindow, messages.dateOutsideWindow)
  .meta({ format: 'date' });

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A day a form may leave empty: '' and null mean no day. */
export const OptionalDay = z.preprocess(emptyAsMissing, Day.optional());

import { format } from 'date-fns';

const MONTH = /^(\d{4})-(\d{2})$/;

function firstDayOf(month: string): Date | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  // Local midnight of the 1st: the label is the calendar month, whatever the time zone.
  return new Date(Number(match[1]), Number(match[2]) - 1, 1);
}

/** 'yyyy-MM' as 'May 2026' (the monthly view's title); anything else as it came. */
export function monthName(month: string): string {
  const day = firstDayOf(month);
  return day === null ? month : format(day, 'MMMM yyyy');
}

/** 'yyyy-MM' as 'Jun 2026', short enough for a chart's axis. */
export function monthShortName(month: string): string {
  const day = firstDayOf(month);
  return day === null ? month : format(day, 'MMM yyyy');
}

import { utcMinuteOf } from './utc-day';

// How every card, title, list and message writes a time for people: dd/MM/yyyy and HH:mm
// (SPEC §9), by one rule (docs/decisions/035).
// A flight's, hotel's or car's time is the wall clock of its place, 'yyyy-MM-dd HH:mm', as the
// GDS gives it. Its text is rearranged, never read into a Date, so neither the server's nor
// the browser's time zone can move its day. An instant (a deadline, a check) belongs to no
// airport: it is written in UTC and says so.

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

/** A local 'yyyy-MM-dd HH:mm' as 'dd/MM/yyyy HH:mm', a 'yyyy-MM-dd' as 'dd/MM/yyyy'; else as it came. */
export function localTimeText(local: string): string {
  const match = LOCAL_TIME.exec(local);
  if (!match) return local;
  const [, year, month, day, hour, minute] = match;
  const date = `${day}/${month}/${year}`;
  return hour === undefined ? date : `${date} ${hour}:${minute}`;
}

/** The day of a local 'yyyy-MM-dd[ HH:mm]' as 'dd/MM/yyyy'; else as it came. */
export function localDayText(local: string): string {
  const match = LOCAL_TIME.exec(local);
  if (!match) return local;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** An instant as 'dd/MM/yyyy HH:mm UTC'; an unreadable one as it came. */
export function utcTimeText(instant: Date | string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return `${localTimeText(utcMinuteOf(date))} UTC`;
}
